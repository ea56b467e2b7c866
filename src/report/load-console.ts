import type { LatencySummary, LoadSection, LoadTick, ThresholdOutcome } from "../model/load.js";
import type { RunResult } from "../model/result.js";
import { thresholdText } from "../view/load-text.js";
import { terminalWorthShowing } from "../view/load-text.js";
import type { Style } from "./style.js";

const ms = (n: number) =>
  n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
const pct = (fraction: number) => `${(fraction * 100).toFixed(2)} %`;

/** The live view's line, once a second on stderr: "  12 s  843 req/s  p50 1.9 ms  p99 6.2 ms  errors 0  in flight 10". */
export function liveLine(tick: LoadTick): string {
  return [
    `${tick.elapsed_s.toFixed(0).padStart(5)} s`,
    `${String(tick.last_second).padStart(6)} req/s`,
    `p50 ${ms(tick.p50_ms).padStart(9)}`,
    `p99 ${ms(tick.p99_ms).padStart(9)}`,
    `errors ${tick.errors}`,
    `done ${tick.completed}`,
    `in flight ${tick.in_flight}`,
  ].join("  ");
}

function latencyLine(name: string, l: LatencySummary): string {
  return `  ${name.padEnd(16)} p50 ${ms(l.p50_ms)} · p90 ${ms(l.p90_ms)} · p99 ${ms(l.p99_ms)} · max ${ms(l.max_ms)} · mean ${ms(l.mean_ms)} (${l.count})`;
}

function settingsLine(load: LoadSection): string {
  const s = load.settings;
  const loop =
    s.rate_per_s === null
      ? `closed loop, ${s.concurrency} concurrent`
      : `open loop, ${s.rate_per_s}/s, at most ${s.concurrency} in flight`;
  const limit = [s.requests !== null ? `${s.requests} requests` : "", `${s.duration_ms / 1000} s at most`]
    .filter(Boolean)
    .join(", ");
  return `  ${s.mode === "stream" ? "streams" : "sends"} · ${loop} · ${limit}${s.ramp_ms > 0 ? ` · ramp ${s.ramp_ms / 1000} s` : ""}`;
}

function thresholdLine(o: ThresholdOutcome, st: Style): string {
  return `  ${o.passed ? st.green("✓") : st.red("✗")} ${thresholdText(o)}`;
}

/** The console block of a load result: settings, counts, latency, errors by kind, drift, thresholds. */
export function loadLines(result: RunResult, st: Style): string[] {
  const load = result.load;
  if (!load) return [];
  const r = load.requests;
  const lines = [st.bold("Load"), settingsLine(load)];
  lines.push(
    `  ${r.completed} completed (${r.succeeded} ok, ${r.failed} failed) in ${(load.elapsed_ms / 1000).toFixed(1)} s · ${load.throughput_per_s} req/s · stopped by ${load.stopped_by}` +
      (r.abandoned > 0 ? ` · ${r.abandoned} abandoned` : "") +
      (r.missed > 0 ? ` · ${r.missed} missed (every slot busy)` : "") +
      (r.interrupted ? ` · ${r.interrupted} cancelled by the interrupt` : ""),
  );
  lines.push(
    load.latency.count > 0
      ? latencyLine("latency", load.latency)
      : `  ${"latency".padEnd(16)} no request succeeded`,
  );
  if (load.first_event) lines.push(latencyLine("first event", load.first_event));
  if (load.terminal && terminalWorthShowing(load)) lines.push(latencyLine("terminal state", load.terminal));
  if (load.unsettled > 0)
    lines.push(`  ${st.yellow("!")} ${load.unsettled} replies left the task unfinished (not terminal)`);
  if (load.errors.total > 0) {
    const kinds = Object.entries(load.errors.by_kind)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`);
    lines.push(`  ${st.red("errors")} ${load.errors.total} (${pct(load.errors.rate)}): ${kinds.join(", ")}`);
    for (const e of load.errors.top.slice(0, 5))
      lines.push(
        `    ${e.count} × ${e.kind} ${e.key}${e.traffic_id ? st.dim(` (traffic ${e.traffic_id})`) : ""}`,
      );
  } else lines.push(`  ${st.green("✓")} no errors`);
  if (load.drift) {
    const d = load.drift;
    lines.push(
      `  drift (first ${d.first.from_s}–${d.first.to_s} s vs last ${d.last.from_s}–${d.last.to_s} s): p50 ×${d.p50_ratio ?? "?"} · p99 ×${d.p99_ratio ?? "?"} · error rate ${d.error_rate_change >= 0 ? "+" : ""}${pct(d.error_rate_change)}`,
    );
  }
  if (load.thresholds.length > 0)
    lines.push(st.bold("Thresholds"), ...load.thresholds.map((o) => thresholdLine(o, st)));
  return lines;
}
