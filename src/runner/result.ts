import type { DiscoveryAttempt } from "../card/discover.js";
import type { CardIssue, CardSkill, Transport } from "../card/types.js";
import type { TrafficEntry } from "../net/traffic.js";

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
  findings?: Finding[];
  conformance_level?: ConformanceLevel;
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

/** One conformance check's outcome (DESIGN.md section 3 `findings`). */
export interface Finding {
  /** Stable dotted id, e.g. `streaming.final-event`. */
  id: string;
  title?: string;
  category: string;
  level: "MUST" | "SHOULD" | "MAY";
  status: "pass" | "fail" | "skip" | "error";
  message: string;
  recommendation?: string;
  duration_ms: number;
  transport?: string;
  /** Traffic entry ids that show what happened. */
  evidence?: string[];
  /** Spec section and, where one exists, the official TCK requirement id. */
  spec?: string;
  tck?: string;
}

export type ConformanceLevel = "full" | "partial" | "minimal" | "non-conformant";
