import { STATUS_COLOURS } from "./colours.js";
import type { LoadHistogramBin, LoadSlice } from "../model/load.js";

/**
 * The plots of a load run as a plain SVG tree: the HTML report renders it to markup, the web app to DOM nodes,
 * so both draw the same picture from one implementation. Text children are data, never markup: each renderer
 * escapes them (report) or makes text nodes of them (web).
 */
export interface SvgNode {
  tag: string;
  attrs: Record<string, string | number>;
  children: (SvgNode | string)[];
}

type Kid = SvgNode | string | null | readonly Kid[];

function node(tag: string, attrs: Record<string, string | number>, ...kids: Kid[]): SvgNode {
  const flat = (k: Kid): (SvgNode | string)[] =>
    k === null ? [] : typeof k === "string" || !Array.isArray(k) ? [k as SvgNode | string] : k.flatMap(flat);
  return { tag, attrs, children: kids.flatMap(flat) };
}

const W = 760;
const H = 240;
const PAD = { left: 64, right: 64, top: 16, bottom: 36 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;
const COLOURS = { p50: "#0969da", p99: "#bc4c00", rps: "#d0d7de", error: STATUS_COLOURS.fail } as const;

/** A time in ms as a short label: "850 ms", "4.2 ms", "1.5 s". */
export const msText = (ms: number) =>
  ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms >= 10 ? Math.round(ms) : ms.toFixed(1)} ms`;

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((m) => m * power >= value) ?? 10) * power;
}

function svg(label: string, ...children: Kid[]): SvgNode {
  const attrs = { class: "chart", role: "img", "aria-label": label, viewBox: `0 0 ${W} ${H}` };
  return node(
    "svg",
    { ...attrs, width: W, height: H, xmlns: "http://www.w3.org/2000/svg", "font-size": 11 },
    ...children,
  );
}

/** Horizontal grid lines with labels on the left (and optionally the right) axis. */
function grid(
  maxLeft: number,
  left: (v: number) => string,
  maxRight?: number,
  right?: (v: number) => string,
): SvgNode[] {
  return [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const y = (PAD.top + PLOT_H * (1 - f)).toFixed(1);
    return node(
      "g",
      {},
      node("line", {
        x1: PAD.left,
        x2: PAD.left + PLOT_W,
        y1: y,
        y2: y,
        stroke: "#d1d9e0",
        "stroke-width": 1,
      }),
      node(
        "text",
        { x: PAD.left - 6, y: Number(y) + 4, "text-anchor": "end", class: "n" },
        left(maxLeft * f),
      ),
      maxRight !== undefined && right
        ? node("text", { x: PAD.left + PLOT_W + 6, y: Number(y) + 4, class: "n" }, right(maxRight * f))
        : null,
    );
  });
}

function legend(items: ReadonlyArray<[string, string]>): SvgNode {
  return node(
    "g",
    {},
    items.map(([name, colour], i) => [
      node("rect", { x: PAD.left + i * 130, y: H - 14, width: 12, height: 10, fill: colour }),
      node("text", { x: PAD.left + i * 130 + 16, y: H - 5 }, name),
    ]),
  );
}

function timelineBar(s: LoadSlice, x: (s: number) => number, end: number, maxRps: number): Kid {
  const h = (s.completed / s.width_s / maxRps) * PLOT_H;
  const attrs = { x: x(s.at_s).toFixed(1), width: Math.max(1, (s.width_s / end) * PLOT_W - 1).toFixed(1) };
  const tip = node(
    "title",
    {},
    `${s.at_s}–${s.at_s + s.width_s} s: ${s.completed} done, ${s.errors} errors, p50 ${msText(s.p50_ms)}, p99 ${msText(s.p99_ms)}`,
  );
  const bar = node(
    "rect",
    { ...attrs, y: (PAD.top + PLOT_H - h).toFixed(1), height: h.toFixed(1), fill: COLOURS.rps },
    tip,
  );
  const error =
    s.errors > 0 ? node("rect", { ...attrs, y: PAD.top + PLOT_H + 2, height: 4, fill: COLOURS.error }) : null;
  return [bar, error];
}

/** Latency (p50 and p99 lines, left axis) and completed requests per second (bars, right axis) over the run. */
export function latencyOverTimePlot(timeline: readonly LoadSlice[]): SvgNode {
  const end = Math.max(1, ...timeline.map((s) => s.at_s + s.width_s));
  const maxMs = niceMax(Math.max(...timeline.map((s) => s.p99_ms), 0));
  const maxRps = niceMax(Math.max(...timeline.map((s) => s.completed / s.width_s), 0));
  const x = (s: number) => PAD.left + (s / end) * PLOT_W;
  const y = (ms: number) => PAD.top + PLOT_H * (1 - ms / maxMs);
  const line = (pick: (s: LoadSlice) => number, colour: string) =>
    node("polyline", {
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
    node(
      "g",
      {},
      timeline.map((s) => timelineBar(s, x, end, maxRps)),
    ),
    grid(maxMs, msText, maxRps, (v) => `${Math.round(v)}/s`),
    line((s) => s.p50_ms, COLOURS.p50),
    line((s) => s.p99_ms, COLOURS.p99),
    node("text", { x: PAD.left + PLOT_W, y: H - 20, "text-anchor": "end", class: "n" }, `${end} s`),
    legend([
      ["p50", COLOURS.p50],
      ["p99", COLOURS.p99],
      ["requests/s", COLOURS.rps],
      ["errors", COLOURS.error],
    ]),
  );
}

/** The latency distribution: one bar per log-spaced bin, labelled with its lower bound. */
export function latencyHistogramPlot(bins: readonly LoadHistogramBin[]): SvgNode {
  const maxCount = niceMax(Math.max(0, ...bins.map((b) => b.count)));
  const slot = PLOT_W / Math.max(1, bins.length);
  const every = Math.ceil(bins.length / 8);
  const bars = bins.map((b, i) => {
    const h = (b.count / maxCount) * PLOT_H;
    const x = PAD.left + i * slot;
    const tip = node("title", {}, `${msText(b.from_ms)} – ${msText(b.to_ms)}: ${b.count}`);
    return node(
      "g",
      {},
      node(
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
        ? node("text", { x: x.toFixed(1), y: PAD.top + PLOT_H + 14, class: "n" }, msText(b.from_ms))
        : null,
    );
  });
  const label = `Latency histogram: ${bins.reduce((n, b) => n + b.count, 0)} requests in ${bins.length} log-spaced bins`;
  return svg(
    label,
    grid(maxCount, (v) => String(Math.round(v))),
    node("g", {}, bars),
  );
}
