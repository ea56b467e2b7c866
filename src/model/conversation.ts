/** Tokens a model call used, as the provider reported them. */
export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
}

/** One line of the transcript; a user message and the agent's answer share a turn number. */
export interface TranscriptEntry {
  turn: number;
  role: "user" | "agent";
  text: string;
  at: string;
  /** Agent entries: time from sending to the settled reply. */
  ms?: number;
  method?: string;
  reply_kind?: "message" | "task";
  task_id?: string;
  context_id?: string;
  task_state?: string;
  polls?: number;
  /** Agent entries: why this turn has no usable reply (the failure turn). */
  error?: string;
}

export type VerdictValue = "passed" | "failed" | "inconclusive";

export interface Evidence {
  turn: number;
  quote: string;
  /** Whether the quoted words appear in that turn of the transcript (checked by code, not the judge). */
  found: boolean;
}

/** The judge's verdict on one criterion, with the code's decision in `met`. */
export interface Verdict {
  criterion: string;
  /** The verdict is "passed" and supported. */
  met: boolean;
  verdict: VerdictValue;
  /** False when a quoted line is in no turn of the transcript: the verdict is shown but never counts as met. */
  supported: boolean;
  reasoning: string;
  evidence: Evidence[];
}

/** How a conversation ended; "interrupted": the run was stopped first, and the trial is not graded. */
export type ConversationEnd = "user-done" | "max-turns" | "agent-error" | "model-error" | "interrupted";

export interface TrialUsage {
  user: TokenUsage;
  judge: TokenUsage;
}

/** One whole conversation and its grading. */
export interface TrialOutcome {
  trial: number;
  status: "passed" | "failed" | "error";
  reason?: string;
  /** Fraction of criteria met; null when the judge was never asked. */
  score: number | null;
  ended: ConversationEnd;
  /** The simulated user's reason, the agent's failure, or the model error. */
  end_reason?: string;
  transcript: TranscriptEntry[];
  verdicts: Verdict[];
  usage: TrialUsage;
  duration_ms: number;
  warnings: string[];
}

/** Pass-rate statistics over the trials (docs/test-files.md, "Trials, thresholds and cost"). */
export interface TrialStats {
  count: number;
  passed: number;
  errors: number;
  pass_rate: number;
  /** Wilson score interval, 95 %. */
  wilson_95: [number, number];
  /** pass^k: the chance that k trials in a row all pass, estimated without bias from the n run. */
  pass_hat_k: Record<string, number>;
  /** Neither all nor none of the trials passed. */
  flaky: boolean;
  min_pass_rate: number;
  met_minimum: boolean;
}
