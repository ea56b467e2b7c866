import type { CheckDefinition } from "./types.js";
import { isProblem, type ConformanceLevel, type ConformanceSummary, type Finding } from "../model/finding.js";

const weights = { MUST: 3, SHOULD: 2, MAY: 1 } as const;

// A note (a MAY the agent does not take, failed or not shown) is no failure (docs/conformance.md).
const failed = isProblem;

/**
 * docs/conformance.md step 5.2: full when every check that applied passed (streaming and push included when
 * claimed); partial when the card and the core lifecycle passed their MUSTs but something beyond them failed (a SHOULD,
 * or a MUST of streaming, push, errors or auth); minimal when the
 * card is valid and basic send/get work; non-conformant when the card is invalid or basic send/get
 * are broken. A capability the card does not claim is not required, but "full" needs every check that
 * applies to what the card claims to have run: one that could not (no running task, a failed
 * prerequisite) leaves the level at partial, unless it is a MAY.
 */
export function conformanceLevel(
  findings: readonly Finding[],
  catalogue: readonly CheckDefinition[],
): ConformanceLevel {
  const byId = new Map(catalogue.map((c) => [c.id, c]));
  const broken = findings.filter(failed);
  // A MAY check that could not run (the agent never showed the optional behaviour) does not hold "full" back:
  // the agent owes nothing there; one that ran and failed still counts below.
  const owed = findings.filter((f) => f.level !== "MAY");
  if (broken.length === 0) return conformanceSummary(owed).not_run === 0 ? "full" : "partial";
  const isCardMust = (f: Finding) => f.category === "card" && f.level === "MUST";
  if (broken.some((f) => isCardMust(f) || byId.get(f.id)?.basic)) return "non-conformant";
  if (broken.some((f) => f.category === "lifecycle" && f.level === "MUST")) return "minimal";
  return "partial";
}

/** Weighted share of applicable checks passed (MUST 3, SHOULD 2, MAY 1); 1 when nothing applied. */
export function conformanceScore(findings: readonly Finding[]): number {
  const applied = findings.filter((f) => f.status !== "skip" && !f.not_supported);
  const total = applied.reduce((sum, f) => sum + weights[f.level], 0);
  if (total === 0) return 1;
  const passed = applied.filter((f) => f.status === "pass").reduce((sum, f) => sum + weights[f.level], 0);
  return Math.round((passed / total) * 1000) / 1000;
}

/** Applicable findings, how many ran, and why the others could not. */
export function conformanceSummary(findings: readonly Finding[]): ConformanceSummary {
  const applicable = findings.filter((f) => f.applicable !== false);
  const notRun = applicable.filter((f) => f.status === "skip");
  return {
    applicable: applicable.length,
    ran: applicable.length - notRun.length,
    not_run: notRun.length,
    not_run_reasons: notRun.map((f) => ({
      id: f.id,
      ...(f.transport ? { transport: f.transport } : {}),
      ...(f.generation ? { generation: f.generation } : {}),
      reason: f.message,
    })),
  };
}
