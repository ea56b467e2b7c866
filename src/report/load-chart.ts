import { latencyHistogramPlot, latencyOverTimePlot, type SvgNode } from "../view/load-plot.js";
import type { LoadHistogramBin, LoadSlice } from "../model/load.js";
import { element, type SafeHtml } from "./html-template.js";

/** Inline SVG plots of a load run: latency over time and the latency histogram. No script, no external resource. */

/** Markup of a plot; `element` escapes every attribute value and text child. */
function markup(node: SvgNode): SafeHtml {
  return element(node.tag, node.attrs, ...node.children.map((c) => (typeof c === "string" ? c : markup(c))));
}

export const latencyOverTimeChart = (timeline: readonly LoadSlice[]): SafeHtml =>
  markup(latencyOverTimePlot(timeline));

export const latencyHistogramChart = (bins: readonly LoadHistogramBin[]): SafeHtml =>
  markup(latencyHistogramPlot(bins));
