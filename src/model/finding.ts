import type { ProtocolGeneration } from "./generation.js";

/** A requirement's strength, as RFC 2119 words it. */
export type FindingLevel = "MUST" | "SHOULD" | "MAY";

export type FindingStatus = "pass" | "fail" | "skip" | "error";

/** One conformance check's outcome (docs/result-format.md, findings). */
export interface Finding {
  /** Stable dotted id, e.g. `streaming.final-event`. */
  id: string;
  title?: string;
  category: string;
  level: FindingLevel;
  status: FindingStatus;
  message: string;
  recommendation?: string;
  duration_ms: number;
  transport?: string;
  /**
   * The protocol generation judged, set only when the suite tested several generations of one agent
   * (an agent serving A2A 0.3 and 1.0 at once): each check then runs once per generation.
   */
  generation?: ProtocolGeneration;
  /** Traffic entry ids that show what happened. */
  evidence?: string[];
  /** Spec section and, where one exists, the official TCK requirement id. */
  spec?: string;
  tck?: string;
  /** Red-team findings: how bad a success is, and the OWASP LLM Top 10 (2025) id. */
  severity?: "critical" | "high" | "medium" | "low";
  owasp?: string;
  /** False when the check does not apply to what the card claims (binding, version, capability, --peer). */
  applicable?: false;
  /**
   * A behaviour the spec leaves open (a MAY) that the agent does not show: a note, never a failure, and
   * it lowers neither the level nor the score. On a failed MAY check the status stays `fail` (the lab's
   * proofs read it); reports show it as a note (isProblem, shownStatus).
   */
  not_supported?: true;
}

/**
 * A failure as the report shows it: failed or errored, and not a note. A MAY check that fails keeps its
 * status (the lab's proofs read it) but is a note, as a MAY the agent does not take (docs/conformance.md).
 */
export function isProblem(f: Pick<Finding, "status" | "not_supported">): boolean {
  return (f.status === "fail" || f.status === "error") && !f.not_supported;
}

/** The status a report counts a finding under: a note is counted with the skips, never with the failures. */
export function shownStatus(f: Pick<Finding, "status" | "not_supported">): Finding["status"] {
  return f.not_supported ? "skip" : f.status;
}

/** How much of what applies to this agent was judged: a skip that applies is a check that could not run. */
export interface ConformanceSummary {
  /** Findings (check × binding) that apply to what the card claims. */
  applicable: number;
  ran: number;
  not_run: number;
  /** Each applicable finding that did not run, with the reason it gave. */
  not_run_reasons: Array<{ id: string; transport?: string; generation?: ProtocolGeneration; reason: string }>;
}

export type ConformanceLevel = "full" | "partial" | "minimal" | "non-conformant";

/** The check categories, in catalogue (and report) order; each is the prefix of its checks' ids. */
export const checkCategories = [
  "card",
  "lifecycle",
  "streaming",
  "errors",
  "auth",
  "push",
  "interop",
  "transport",
] as const;

export type CheckCategory = (typeof checkCategories)[number];

/** How a verdict the run's interrupt prevented begins: a skip, never a failure (docs/result-format.md). */
export const NOT_RUN_INTERRUPTED = "not run (interrupted)";

/** Whether a finding's message (or an attack's skip reason) says the interrupt kept it from a verdict. */
export const interruptedBeforeVerdict = (message: string | undefined): boolean =>
  message?.startsWith(NOT_RUN_INTERRUPTED) === true;

/**
 * Where a finding was judged, as people read it: its binding, and its generation when the suite tested
 * several ("JSONRPC, A2A 1.0"); empty for an agent-wide finding of a single-generation run.
 */
export function findingPlace(f: Pick<Finding, "transport" | "generation">): string {
  const generation = f.generation ? `A2A ${f.generation}` : "";
  return [f.transport ?? "", generation].filter((part) => part !== "").join(", ");
}

/** A finding's place in brackets after its id (" [JSONRPC]"), or nothing when it has none. */
export function bracketedPlace(f: Pick<Finding, "transport" | "generation">): string {
  const place = findingPlace(f);
  return place === "" ? "" : ` [${place}]`;
}
