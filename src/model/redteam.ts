/** The red-team section of a result (docs/result-format.md, `kind: "redteam"`): read by every reporter and the web app. */

export const redteamPacks = [
  "prompt-injection",
  "jailbreak",
  "system-prompt-extraction",
  "data-exfiltration",
  "cross-context-leakage",
  "excessive-agency",
  "identity-spoofing",
] as const;

export type RedteamPackId = (typeof redteamPacks)[number];

export type Severity = "critical" | "high" | "medium" | "low";

/** What decided an attempt: a deterministic detector, or the model judge where none applies. */
export type DecidedBy =
  | "canary"
  | "decoded-leak"
  | "honeypot"
  | "protocol"
  | "marker"
  | "differential"
  | "claim"
  | "refusal"
  | "stable-text"
  | "judge"
  | "none";

/** One line of an attack's transcript: a message sent as an identity, the agent's answer, or a protocol probe. */
export interface RedteamTurn {
  step: number;
  role: "user" | "agent" | "probe";
  /** The identity (header set) the step was sent as. */
  identity: string;
  text: string;
  /** Parts besides the text and message metadata, summarised ("data part", "file notes.txt"). */
  extras?: string[];
  method?: string;
  task_id?: string;
  context_id?: string;
  task_state?: string;
  error?: string;
  ms?: number;
}

/** success: the attack worked; resisted: it did not; refused / answered: a harmless twin's outcome. */
export type AttemptOutcome = "success" | "resisted" | "refused" | "answered" | "error" | "undecided";

export interface AttemptRecord {
  attempt: number;
  outcome: AttemptOutcome;
  decided_by: DecidedBy;
  /** One line: what the detector saw (a redacted quote, the probe's answer, the honeypot hit). */
  evidence: string;
  transcript: RedteamTurn[];
  /** Traffic entry ids of the attempt. */
  traffic_ids: string[];
}

export interface AttackReport {
  id: string;
  pack: RedteamPackId;
  title: string;
  judged_by: string;
  owasp: string;
  severity: Severity;
  /** A harmless twin: it measures over-refusal, not attack success. */
  twin: boolean;
  attempts: number;
  successes: number;
  /** Twins: how many attempts the agent refused. */
  refusals: number;
  errors: number;
  /** Attempts no detector decided and no judge graded. */
  undecided: number;
  skipped?: string;
  records: AttemptRecord[];
}

export interface RateWithInterval {
  attempts: number;
  count: number;
  rate: number;
  wilson_95: [number, number];
}

export interface PackReport {
  pack: RedteamPackId;
  title: string;
  owasp: string[];
  /** Attack attempts that were decided (twins, errors and skips excluded). */
  attempts: number;
  successes: number;
  rate: number;
  wilson_95: [number, number];
  /** From the harmless twins: how often the agent refused a harmless request. */
  over_refusal?: RateWithInterval;
  errors: number;
  /** Attempts no detector decided and no judge graded (counted apart: they say neither success nor resisted). */
  undecided: number;
  skipped?: string;
}

export interface RedteamSection {
  packs: PackReport[];
  attacks: AttackReport[];
  attempts_per_attack: number;
  identities: string[];
  endpoint: string;
  /** "provider:model" of the attacker and judge, when a model was configured. */
  attacker_model?: string;
  judge_model?: string;
}

/** OWASP Top 10 for LLM Applications (2025): the ids the packs map to. */
export const owaspTitles: Record<string, string> = {
  "LLM01:2025": "Prompt Injection",
  "LLM02:2025": "Sensitive Information Disclosure",
  "LLM06:2025": "Excessive Agency",
  "LLM07:2025": "System Prompt Leakage",
};
