import type { FindingStatus } from "./finding.js";
import type { BaselineComparison, NumberDelta, RunResult, VerdictChange } from "./result.js";

/*
 * A run compared with an earlier result of the same test (docs/result-format.md "baseline"): which of its
 * verdicts changed, and how its level, scores and (for load) latencies moved. Pure: the CLI, the reports
 * and the web board's run-to-run diff all compute it with this one function.
 */

/** One verdict of a run: a check on a binding, an attack, a criterion, the card, the smoke message. */
export interface VerdictItem {
  /** Stable key: a finding's id (and @binding), `criterion: …`, `card`, `smoke`. */
  id: string;
  title?: string;
  /** MUST/SHOULD/MAY for checks, the severity for attacks. */
  level?: string;
  failing: boolean;
  /** The verdict as the run wrote it: pass, fail, error, skip; met / not met. */
  status: string;
}

const failingStatus = (s: FindingStatus) => s === "fail" || s === "error";

/** Every verdict of a result, keyed stably across runs. */
export function verdictItems(result: RunResult): VerdictItem[] {
  const items: VerdictItem[] = [];
  if (result.scores.card !== undefined)
    items.push({
      id: "card",
      title: "the agent card",
      failing: result.scores.card === 0,
      status: result.scores.card === 1 ? "valid" : "invalid",
    });
  if (result.smoke)
    items.push({
      id: "smoke",
      title: "the smoke message",
      failing: !result.smoke.passed,
      status: result.smoke.passed ? "pass" : "fail",
    });
  for (const f of result.findings ?? []) {
    if (f.not_supported || f.applicable === false) continue;
    items.push({
      // One verdict per check, binding and (when several were tested) generation.
      id: [f.id, f.transport, f.generation].filter(Boolean).join("@"),
      ...(f.title ? { title: f.title } : {}),
      level: f.severity ?? f.level,
      failing: failingStatus(f.status),
      status: f.status,
    });
  }
  for (const v of result.verdicts ?? [])
    items.push({ id: `criterion: ${v.criterion}`, failing: !v.met, status: v.met ? "met" : "not met" });
  return items;
}

/** What identifies the agent's card for "did the agent change": its stated identity and what it offers. */
function cardIdentity(result: RunResult): string {
  const c = result.card;
  if (!c) return "";
  return JSON.stringify([
    c.name,
    c.version,
    c.protocol_version,
    c.transport,
    c.skills.map((s) => s.id).sort(),
  ]);
}

/** The earlier result of the same test among `earlier`: same file and name, else same kind and agent. */
export function matchingBaseline(result: RunResult, earlier: readonly RunResult[]): RunResult | undefined {
  const same = (a?: string, b?: string) => (a ?? "") === (b ?? "");
  return (
    earlier.find(
      (e) => (result.name || result.source) && same(e.name, result.name) && same(e.source, result.source),
    ) ??
    earlier.find(
      (e) => e.kind === result.kind && e.agent_url === result.agent_url && same(e.name, result.name),
    )
  );
}

const deltaOf = (name: string, before: number | undefined, after: number | undefined): NumberDelta[] =>
  before === undefined || after === undefined ? [] : [{ name, before, after, delta: after - before }];

/** Compares a run with an earlier run of the same test. */
export function compareWithBaseline(
  result: RunResult,
  baseline: RunResult,
  source: string,
): BaselineComparison {
  const before = new Map(verdictItems(baseline).map((i) => [i.id, i]));
  const cardChanged = cardIdentity(result) !== cardIdentity(baseline);
  const comparison: BaselineComparison = {
    source,
    started_at: baseline.started_at,
    status: { before: baseline.status, after: result.status },
    card_changed: cardChanged,
    new_failures: [],
    fixed: [],
    still_failing: [],
    flaky: [],
    scores: (["card", "smoke", "conformance", "conversation", "pass_rate"] as const).flatMap((k) =>
      deltaOf(k, baseline.scores[k], result.scores[k]),
    ),
  };
  for (const item of verdictItems(result)) {
    const was = before.get(item.id);
    const change: VerdictChange = {
      id: item.id,
      ...(item.title ? { title: item.title } : {}),
      ...(item.level ? { level: item.level } : {}),
      ...(was ? { before: was.status } : {}),
      after: item.status,
    };
    if (item.failing && was?.failing) comparison.still_failing.push(change);
    else if (item.failing) comparison.new_failures.push(change);
    else if (was?.failing) comparison.fixed.push(change);
    // Only a verdict both runs made can be said to have flipped.
    if (was && was.failing !== item.failing && !cardChanged) comparison.flaky.push(change);
  }
  if (result.conformance_level || baseline.conformance_level)
    comparison.level = {
      ...(baseline.conformance_level ? { before: baseline.conformance_level } : {}),
      ...(result.conformance_level ? { after: result.conformance_level } : {}),
    };
  if (result.load && baseline.load) {
    const [a, b] = [result.load, baseline.load];
    comparison.load = [
      ...deltaOf("latency p50 (ms)", b.latency.p50_ms, a.latency.p50_ms),
      ...deltaOf("latency p90 (ms)", b.latency.p90_ms, a.latency.p90_ms),
      ...deltaOf("latency p99 (ms)", b.latency.p99_ms, a.latency.p99_ms),
      ...deltaOf("throughput (/s)", b.throughput_per_s, a.throughput_per_s),
      ...deltaOf("error rate", b.errors.rate, a.errors.rate),
    ];
  }
  return comparison;
}
