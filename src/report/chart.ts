import { STATUS_COLOURS } from "../view/colours.js";
import { element as el, type SafeHtml } from "./html-template.js";
import type { CategoryCount } from "../view/run-view.js";

export { STATUS_COLOURS };

const LABEL_W = 170;
const BAR_W = 420;
const ROW_H = 26;
const BAR_H = 16;
const COUNT_W = 230;
const KEYS = ["pass", "fail", "error", "skip"] as const;

const total = (c: CategoryCount) => c.pass + c.fail + c.error + c.skip;

function row(c: CategoryCount, y: number, max: number): SafeHtml {
  let x = LABEL_W;
  const segments = KEYS.flatMap((k) => {
    if (c[k] === 0) return [];
    const width = (c[k] / max) * BAR_W;
    const attrs = { x: x.toFixed(1), y: y + (ROW_H - BAR_H) / 2, width: width.toFixed(1), height: BAR_H };
    x += width;
    const tooltip = el("title", {}, `${c.category}: ${c[k]} ${k}`);
    return [el("rect", { ...attrs, fill: STATUS_COLOURS[k] }, tooltip)];
  });
  // Category names come from the check catalogue, but are escaped and shortened like any other text.
  const label = c.category.length > 24 ? `${c.category.slice(0, 23)}…` : c.category;
  const counts = `${c.pass} pass · ${c.fail} fail${c.error > 0 ? ` · ${c.error} error` : ""} · ${c.skip} skip`;
  const textY = y + ROW_H / 2 + 4;
  return el(
    "g",
    {},
    el("text", { x: LABEL_W - 8, y: textY, "text-anchor": "end" }, label),
    segments,
    el("text", { x: LABEL_W + BAR_W + 8, y: textY, class: "n" }, counts),
  );
}

function legend(y: number): SafeHtml {
  return el(
    "g",
    {},
    KEYS.map((k, i) => [
      el("rect", { x: LABEL_W + i * 90, y, width: 12, height: 12, fill: STATUS_COLOURS[k] }),
      el("text", { x: LABEL_W + i * 90 + 16, y: y + 10 }, k),
    ]),
  );
}

/** A stacked horizontal bar per category (pass, fail, error, skip), scaled to the largest category; pure inline SVG. */
export function categoryChart(counts: readonly CategoryCount[]): SafeHtml {
  const max = Math.max(1, ...counts.map(total));
  const height = counts.length * ROW_H + 30;
  const width = LABEL_W + BAR_W + COUNT_W;
  const label = counts
    .map((c) => `${c.category}: ${c.pass} pass, ${c.fail} fail, ${c.error} error, ${c.skip} skip`)
    .join("; ");
  const attrs = { class: "chart", role: "img", "aria-label": label, viewBox: `0 0 ${width} ${height}` };
  const size = { width, height, xmlns: "http://www.w3.org/2000/svg", "font-size": 12 };
  return el(
    "svg",
    { ...attrs, ...size },
    counts.map((c, i) => row(c, i * ROW_H, max)),
    legend(counts.length * ROW_H + 10),
  );
}
