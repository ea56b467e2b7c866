import type { LatencySummary, LoadSection } from "../model/load.js";
import { thresholdText } from "../view/load-text.js";
import { mdCell, mdInline } from "./escape.js";
import { terminalWorthShowing } from "../view/load-text.js";

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(n < 10 ? 2 : 1)} ms`);

function latencyRow(name: string, l: LatencySummary | undefined): string | null {
  if (!l || l.count === 0) return null;
  return `| ${name} | ${l.count} | ${ms(l.p50_ms)} | ${ms(l.p90_ms)} | ${ms(l.p99_ms)} | ${ms(l.max_ms)} |`;
}

/** The load section of the Markdown report: counts, thresholds, latency table, errors and drift. */
export function loadMarkdown(load: LoadSection): string {
  const r = load.requests;
  const out = [
    "### Load",
    "",
    `${r.completed} completed (${r.succeeded} ok, ${r.failed} failed) in ${(load.elapsed_ms / 1000).toFixed(1)} s: **${load.throughput_per_s} requests/s**, ${load.settings.concurrency} concurrent${load.settings.rate_per_s !== null ? ` at ${load.settings.rate_per_s}/s` : ""}, stopped by ${load.stopped_by}.`,
    "",
    ...load.thresholds.map((t) => `- ${t.passed ? "✅" : "❌"} ${mdInline(thresholdText(t))}`),
    "",
    "| Time to | Count | p50 | p90 | p99 | max |",
    "| --- | --- | --- | --- | --- | --- |",
    ...[
      latencyRow(load.settings.mode === "stream" ? "stream end" : "reply", load.latency),
      latencyRow("first event", load.first_event),
      terminalWorthShowing(load) ? latencyRow("terminal state", load.terminal) : null,
    ].filter((row): row is string => row !== null),
  ];
  if (load.errors.total > 0) {
    out.push("", "| Error kind | What | Count |", "| --- | --- | --- |");
    for (const e of load.errors.top) out.push(`| ${e.kind} | ${mdCell(e.key)} | ${e.count} |`);
  }
  if (load.drift)
    out.push(
      "",
      `Drift, last window against the first: p50 ×${load.drift.p50_ratio ?? "?"}, p99 ×${load.drift.p99_ratio ?? "?"}.`,
    );
  return out.join("\n");
}
