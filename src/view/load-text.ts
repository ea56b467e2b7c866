import type { LoadSection, LoadSettings, ThresholdOutcome } from "../model/load.js";

/** How a threshold metric's figure reads: a time in ms, a fraction shown as %, or a plain number (rps, drift). */
export function thresholdUnit(metric: string): "time" | "ratio" | "number" {
  if (metric === "errors") return "ratio";
  return metric === "rps" || metric.startsWith("drift.") ? "number" : "time";
}

/** One line for a threshold outcome: "p99 < 2s: 1843 ms". Here so the report and the web app word it alike. */
export function thresholdText(outcome: ThresholdOutcome): string {
  const unit = thresholdUnit(outcome.metric);
  const actual =
    outcome.actual === null
      ? "no figure (the run measured none)"
      : unit === "time"
        ? `${outcome.actual} ms`
        : unit === "ratio"
          ? `${(outcome.actual * 100).toFixed(2)} %`
          : `${Math.round(outcome.actual * 100) / 100}`;
  return `${outcome.expression}: ${actual}`;
}

/** The settings in one line: "messages · closed loop, 10 concurrent · 30 s at most · timeout 30 s". */
export function describeLoadSettings(s: LoadSettings): string {
  const loop =
    s.rate_per_s === null
      ? `closed loop, ${s.concurrency} concurrent`
      : `open loop at ${s.rate_per_s}/s, at most ${s.concurrency} in flight`;
  const limits = [
    s.requests !== null ? `${s.requests} requests` : null,
    `${s.duration_ms / 1000} s at most`,
    s.ramp_ms > 0 ? `ramp ${s.ramp_ms / 1000} s` : null,
  ];
  return `${s.mode === "stream" ? "streaming messages" : "messages"} · ${loop} · ${limits.filter(Boolean).join(" · ")} · timeout ${s.timeout_ms / 1000} s`;
}

/** For sends the terminal time is the reply's: a row of its own only when some replies were not terminal. */
export function terminalWorthShowing(load: LoadSection): boolean {
  const t = load.terminal;
  return !!t && t.count > 0 && (load.settings.mode === "stream" || t.count !== load.latency.count);
}
