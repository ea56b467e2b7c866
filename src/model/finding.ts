/** A requirement's strength, as RFC 2119 words it. */
export type FindingLevel = "MUST" | "SHOULD" | "MAY";

export type FindingStatus = "pass" | "fail" | "skip" | "error";

/** One conformance check's outcome (DESIGN.md section 3 `findings`). */
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
  /** Traffic entry ids that show what happened. */
  evidence?: string[];
  /** Spec section and, where one exists, the official TCK requirement id. */
  spec?: string;
  tck?: string;
}

export type ConformanceLevel = "full" | "partial" | "minimal" | "non-conformant";
