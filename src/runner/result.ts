import type { DiscoveryAttempt } from "../card/discover.js";
import type { CardIssue, CardSkill, Transport } from "../card/types.js";
import type { TranscriptEntry, TrialStats, Verdict, TrialOutcome } from "../conversation/types.js";
import type { TrafficEntry } from "../net/traffic.js";
import type { ConformanceLevel, ConformanceSummary, Finding } from "../checks/types.js";

export type { ConformanceLevel, ConformanceSummary, Finding } from "../checks/types.js";

export type RunStatus = "passed" | "failed" | "error";

/** The result JSON of DESIGN.md section 3: one per test run, read by every reporter. Never rename fields. */
export interface RunResult {
  tool: { name: "plainwright"; version: string };
  kind: "a2a" | "conformance" | "conversation" | "redteam";
  /** The test's name when it came from a test file. */
  name?: string;
  source?: string;
  status: RunStatus;
  reason?: string;
  started_at: string;
  duration_ms: number;
  agent_url: string | null;
  scores: { card?: 0 | 1; smoke?: 0 | 1; conformance?: number; conversation?: number; pass_rate?: number };
  card?: CardSection;
  endpoint?: EndpointSection;
  smoke?: SmokeSection;
  protocol?: { card: string | null; negotiated: string };
  /** Conversation runs: the test's settings and the models used. */
  conversation?: ConversationSection;
  /** The first trial's transcript (every trial's is under `trials`). */
  transcript?: TranscriptEntry[];
  /** The first trial's verdicts, one per criterion. */
  verdicts?: Verdict[];
  /** Every trial: transcript, verdicts, score, status. */
  trials?: TrialOutcome[];
  trial_stats?: TrialStats;
  /** Model tokens (and cost when the price is known) spent by the run. */
  usage?: UsageSection;
  findings?: Finding[];
  conformance_level?: ConformanceLevel;
  /** Conformance runs: how many applicable checks ran, and why the others could not. */
  conformance_summary?: ConformanceSummary;
  /** Things a person should know that do not change the status (fallbacks, config keys ignored). */
  warnings: string[];
  traffic: TrafficEntry[];
}

export interface CardSection {
  found_at: string | null;
  tried: DiscoveryAttempt[];
  protocol_version: string | null;
  name: string | null;
  version: string | null;
  description: string | null;
  transport: string | null;
  errors: CardIssue[];
  warnings: CardIssue[];
  skills: CardSkill[];
  strict: boolean;
}

export interface EndpointSection {
  url: string;
  transport: Transport;
  rewritten_from?: string;
  reason: string;
  /** Set when the outbound policy refused the endpoint. */
  refused?: string;
}

export interface SmokeSection {
  request: { method: string; params: unknown };
  reply_kind?: "message" | "task";
  task_state?: string;
  task_id?: string;
  context_id?: string;
  text: string;
  passed: boolean;
  reason?: string;
  polls: number;
}

export interface ConversationSection {
  persona: string | null;
  goal: string | null;
  criteria: string[];
  opening_message: string | null;
  max_turns: number;
  threshold: number | null;
  trials: number;
  min_pass_rate: number;
  user_model: string;
  judge_model: string;
  /** Seed 000 "Which endpoint is called" for the conversation. */
  endpoint: string;
}

/** Tokens for one role's model; cost_usd only when the model's price is known. */
export interface ModelUsage {
  model: string;
  input_tokens: number;
  output_tokens: number;
  cost_usd?: number;
}

export interface UsageSection {
  user: ModelUsage;
  judge: ModelUsage;
  total: { input_tokens: number; output_tokens: number; cost_usd?: number };
}
