import type { Finding } from "../model/finding.js";
import type { RunResult } from "../model/result.js";
import { levelText, problems, totals, withStatus } from "./run-view.js";

/** One group of checks under its heading. */
export interface CheckGroup {
  /** `failed` holds the failed and errored checks, most severe first. */
  status: "failed" | "skipped" | "passed";
  /** `Failed checks (2)`, `Skipped checks (3)`, `Passed checks (40)`. */
  title: string;
  findings: Finding[];
  /** What an empty group says instead of a list, when it says anything. */
  empty?: string;
}

/** The checks section as every reader shows it: the level, the counts, and the checks grouped by outcome. */
export interface ChecksView {
  /** The conformance level with its score, e.g. `partial (0.82)`. */
  level?: string;
  /** `2 failed · 1 errored · 3 skipped · 40 passed`. */
  counts: string;
  /** Failed first (the reader came for them), then skipped, then passed. */
  groups: CheckGroup[];
}

/** The checks section's model for a result's findings. */
export function checksViewOf(result: RunResult): ChecksView {
  const findings = result.findings ?? [];
  const t = totals(findings);
  const failed = problems(findings);
  const skipped = withStatus(findings, "skip");
  const passed = withStatus(findings, "pass");
  const level = levelText(result);
  return {
    ...(level ? { level } : {}),
    counts: `${t.fail} failed · ${t.error} errored · ${t.skip} skipped · ${t.pass} passed`,
    groups: [
      {
        status: "failed",
        title: `Failed checks (${failed.length})`,
        findings: failed,
        empty: "Every check that ran passed.",
      },
      { status: "skipped", title: `Skipped checks (${skipped.length})`, findings: skipped },
      { status: "passed", title: `Passed checks (${passed.length})`, findings: passed },
    ],
  };
}
