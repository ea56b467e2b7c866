import type { LoadHistogramBin, LoadSlice } from "../model/load.js";
import { STATUS_COLOURS } from "./chart.js";
import { element as el, type SafeHtml } from "./html-template.js";

/** Inline SVG plots of a load run: latency over time and the latency histogram. No script, no external resource. */

const W = 760;
const H = 240;
const PAD = { left: 64, right: 64, top: 16, bottom: 36 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;
const COLOURS = { p50: "#0969da", p99: "#bc4c00", rps: "#d0d7de", error: STATUS_COLOURS.fail } as const;

const msText = (ms: number) =>
  ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms >= 10 ? Math.round(ms) : ms.toFixed(1)} ms`;

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((m) => m * power >= value) ?? 10) * power;
}

function svg(label: string, ...children: SafeHtml[]): SafeHtml {
  const attrs = { class: "chart", role: "img", "aria-label": label, viewBox: `0 0 ${W} ${H}` };
  return el(
    "svg",
    { ...attrs, width: W, height: H, xmlns: "http://www.w3.org/2000/svg", "font-size": 11 },
    children,
  );
}

/** Horizontal grid lines with labels on the left (and optionally the right) axis. */
function grid(
  maxLeft: number,
  left: (v: number) => string,
  maxRight?: number,
  right?: (v: number) => string,
): SafeHtml[] {
  return [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const y = (PAD.top + PLOT_H * (1 - f)).toFixed(1);
    return el(
      "g",
      {},
      el("line", { x1: PAD.left, x2: PAD.left + PLOT_W, y1: y, y2: y, stroke: "#d1d9e0", "stroke-width": 1 }),
      el("text", { x: PAD.left - 6, y: Number(y) + 4, "text-anchor": "end", class: "n" }, left(maxLeft * f)),
      maxRight !== undefined && right
        ? el("text", { x: PAD.left + PLOT_W + 6, y: Number(y) + 4, class: "n" }, right(maxRight * f))
        : null,
    );
  });
}

function legend(items: ReadonlyArray<[string, string]>): SafeHtml {
  return el(
    "g",
    {},
    items.map(([name, colour], i) => [
      el("rect", { x: PAD.left + i * 130, y: H - 14, width: 12, height: 10, fill: colour }),
      el("text", { x: PAD.left + i * 130 + 16, y: H - 5 }, name),
    ]),
  );
}

/** Latency (p50 and p99 lines, left axis) and completed requests per second (bars, right axis) over the run. */
export function latencyOverTimeChart(timeline: readonly LoadSlice[]): SafeHtml {
  const end = Math.max(1, ...timeline.map((s) => s.at_s + s.width_s));
  const maxMs = niceMax(Math.max(...timeline.map((s) => s.p99_ms), 0));
  const maxRps = niceMax(Math.max(...timeline.map((s) => s.completed / s.width_s), 0));
  const x = (s: number) => PAD.left + (s / end) * PLOT_W;
  const y = (ms: number) => PAD.top + PLOT_H * (1 - ms / maxMs);
  const bars = timeline.map((s) => {
    const h = (s.completed / s.width_s / maxRps) * PLOT_H;
    const attrs = { x: x(s.at_s).toFixed(1), width: Math.max(1, (s.width_s / end) * PLOT_W - 1).toFixed(1) };
    const tip = el(
      "title",
      {},
      `${s.at_s}–${s.at_s + s.width_s} s: ${s.completed} done, ${s.errors} errors, p50 ${msText(s.p50_ms)}, p99 ${msText(s.p99_ms)}`,
    );
    const bar = el(
      "rect",
      { ...attrs, y: (PAD.top + PLOT_H - h).toFixed(1), height: h.toFixed(1), fill: COLOURS.rps },
      tip,
    );
    const error =
      s.errors > 0 ? el("rect", { ...attrs, y: PAD.top + PLOT_H + 2, height: 4, fill: COLOURS.error }) : null;
    return [bar, error];
  });
  const line = (pick: (s: LoadSlice) => number, colour: string) =>
    el("polyline", {
      fill: "none",
      stroke: colour,
      "stroke-width": 2,
      points: timeline
        .filter((s) => s.completed > s.errors)
        .map((s) => `${x(s.at_s + s.width_s / 2).toFixed(1)},${y(pick(s)).toFixed(1)}`)
        .join(" "),
    });
  const label = `Latency over time: p50 and p99 per ${timeline[0]?.width_s ?? 1} s (left axis), requests per second as bars (right axis), over ${end} s`;
  return svg(
    label,
    el("g", {}, bars),
    ...grid(maxMs, msText, maxRps, (v) => `${Math.round(v)}/s`),
    line((s) => s.p50_ms, COLOURS.p50),
    line((s) => s.p99_ms, COLOURS.p99),
    el("text", { x: PAD.left + PLOT_W, y: H - 20, "text-anchor": "end", class: "n" }, `${end} s`),
    legend([
      ["p50", COLOURS.p50],
      ["p99", COLOURS.p99],
      ["requests/s", COLOURS.rps],
      ["errors", COLOURS.error],
    ]),
  );
}

/** The latency distribution: one bar per log-spaced bin, labelled with its lower bound. */
export function latencyHistogramChart(bins: readonly LoadHistogramBin[]): SafeHtml {
  const maxCount = niceMax(Math.max(0, ...bins.map((b) => b.count)));
  const slot = PLOT_W / Math.max(1, bins.length);
  const every = Math.ceil(bins.length / 8);
  const bars = bins.map((b, i) => {
    const h = (b.count / maxCount) * PLOT_H;
    const x = PAD.left + i * slot;
    const tip = el("title", {}, `${msText(b.from_ms)} – ${msText(b.to_ms)}: ${b.count}`);
    return el(
      "g",
      {},
      el(
        "rect",
        {
          x: x.toFixed(1),
          y: (PAD.top + PLOT_H - h).toFixed(1),
          width: Math.max(1, slot - 2).toFixed(1),
          height: h.toFixed(1),
          fill: COLOURS.p50,
        },
        tip,
      ),
      i % every === 0
        ? el("text", { x: x.toFixed(1), y: PAD.top + PLOT_H + 14, class: "n" }, msText(b.from_ms))
        : null,
    );
  });
  const label = `Latency histogram: ${bins.reduce((n, b) => n + b.count, 0)} requests in ${bins.length} log-spaced bins`;
  return svg(label, ...grid(maxCount, (v) => String(Math.round(v))), el("g", {}, bars));
}
