import type { TranscriptEntry, TrialOutcome, TrialStats, Verdict } from "./conversation.js";
import type { ConformanceLevel, ConformanceSummary, Finding } from "./finding.js";
import type { ProtocolGeneration } from "./generation.js";
import type { Transport } from "./transport.js";
import type { LoadSection } from "./load.js";
import type { TrafficEntry } from "./traffic.js";
import type { RedteamSection } from "./redteam.js";

/** One problem found in a card, located by a JSON path such as `skills[2].tags`. */
export interface CardIssue {
  path: string;
  message: string;
}

export interface CardSkill {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
}

/** One location tried while looking for the agent card. */
export interface DiscoveryAttempt {
  url: string;
  /** One line a person can read: "found", "HTTP 404", "not JSON (text/html)", "refused: ...". */
  outcome: string;
  http_status?: number;
  ms: number;
  /** The rule that stopped this location, when one did (e.g. cap.body, policy.metadata). */
  rule?: string;
}

export type RunStatus = "passed" | "failed" | "error";

/** Every kind of run a result can describe (docs/result-format.md). */
export const runKinds = ["a2a", "conformance", "conversation", "redteam", "load"] as const;
export type RunKind = (typeof runKinds)[number];

/** A verdict that differs from, or stayed as, the baseline's (model/baseline.ts compares). */
export interface VerdictChange {
  id: string;
  title?: string;
  level?: string;
  /** Absent when the earlier run did not have this verdict. */
  before?: string;
  after: string;
}

export interface NumberDelta {
  name: string;
  before: number;
  after: number;
  delta: number;
}

export interface BaselineComparison {
  /** The file compared with, as given (`last` is the output folder's newest run). */
  source: string;
  /** When the earlier run started. */
  started_at: string;
  status: { before: RunStatus; after: RunStatus };
  /** The agent's card (name, version, protocol version, skills) differs from the earlier run's. */
  card_changed: boolean;
  /** Failing now, passing or absent before. */
  new_failures: VerdictChange[];
  /** Passing now, failing before. */
  fixed: VerdictChange[];
  still_failing: VerdictChange[];
  /** Verdicts that changed although the agent's card did not: a flaky verdict, or a change shipped without a new card. */
  flaky: VerdictChange[];
  level?: { before?: ConformanceLevel; after?: ConformanceLevel };
  scores: NumberDelta[];
  /** Load runs: latency percentiles (ms), throughput (/s) and error rate. */
  load?: NumberDelta[];
}

/** The result JSON (docs/result-format.md): one per test run, read by every reporter. Never rename fields. */
export interface RunResult {
  tool: { name: "plainwright"; version: string };
  kind: RunKind;
  /** The test's name when it came from a test file. */
  name?: string;
  source?: string;
  status: RunStatus;
  reason?: string;
  /** The user stopped the run (Ctrl-C, SIGTERM) before it finished: what finished is reported, never as passed. */
  interrupted?: boolean;
  started_at: string;
  duration_ms: number;
  agent_url: string | null;
  scores: { card?: 0 | 1; smoke?: 0 | 1; conformance?: number; conversation?: number; pass_rate?: number };
  card?: CardSection;
  endpoint?: EndpointSection;
  smoke?: SmokeSection;
  /**
   * The card's stated version and the generation spoken on the wire; `generations` lists each one tested
   * when the suite tested several generations of the agent (its findings then carry `generation`).
   */
  protocol?: { card: string | null; negotiated: string; generations?: ProtocolGeneration[] };
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
  /** Red-team runs: per-pack rates, every attack's attempts and transcripts. */
  redteam?: RedteamSection;
  conformance_level?: ConformanceLevel;
  /** Conformance runs: how many applicable checks ran, and why the others could not. */
  conformance_summary?: ConformanceSummary;
  /** Load runs: settings, latency, errors, throughput, timeline, drift and thresholds. */
  load?: LoadSection;
  /** --baseline: this run compared with an earlier result of the same test. */
  baseline?: BaselineComparison;
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
  /** The card's signatures, where the run checked them (the card command does). */
  signatures?: CardSignatureStatus;
}

/** What a card's signatures came to, in one status and the line that explains it. */
export interface CardSignatureStatus {
  status: "unsigned" | "verified" | "invalid" | "unverifiable" | "malformed";
  detail: string;
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
  /** docs/test-files.md, "Which endpoint is called" for the conversation. */
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

/** What every result starts from: the tool, the kind, the test's name and where the run began. */
export interface RunStart {
  kind: RunKind;
  toolVersion: string;
  agentUrl: string | null;
  name?: string;
  source?: string;
  /** Epoch ms; now when absent. */
  startedAt?: number;
  warnings?: readonly string[];
}

/** The one skeleton of a result: status passed, no scores, no traffic, until the runner fills it in. */
export function startResult(init: RunStart): RunResult {
  return {
    tool: { name: "plainwright", version: init.toolVersion },
    kind: init.kind,
    ...(init.name ? { name: init.name } : {}),
    ...(init.source ? { source: init.source } : {}),
    status: "passed",
    started_at: new Date(init.startedAt ?? Date.now()).toISOString(),
    duration_ms: 0,
    agent_url: init.agentUrl,
    scores: {},
    warnings: [...(init.warnings ?? [])],
    traffic: [],
  };
}
