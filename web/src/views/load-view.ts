import { latencyHistogramPlot, latencyOverTimePlot, msText } from "../../../src/view/load-plot.js";
import { describeLoadSettings, thresholdText, terminalWorthShowing } from "../../../src/view/load-text.js";
import { type LatencySummary, type LoadSection } from "../../../src/model/load.js";
import { h, svgTree, type Child } from "../dom.js";

/** The load tab of a run: the report's load section (src/report/load-html.ts) drawn with the same plots. */

function headline(load: LoadSection): HTMLElement {
  const r = load.requests;
  const extra = [
    r.abandoned > 0 ? `${r.abandoned} abandoned` : null,
    r.missed > 0 ? `${r.missed} missed (every slot busy)` : null,
    load.unsettled > 0 ? `${load.unsettled} replies left the task unfinished` : null,
  ].filter(Boolean);
  return h(
    "p",
    { class: "load-headline" },
    h("strong", {}, String(r.completed)),
    ` completed (${r.succeeded} ok, ${r.failed} failed) in ${(load.elapsed_ms / 1000).toFixed(1)} s: `,
    h("strong", {}, `${load.throughput_per_s} requests/s`),
    `; p50 ${msText(load.latency.p50_ms)}, p99 ${msText(load.latency.p99_ms)}; stopped by ${load.stopped_by}`,
    extra.length ? `; ${extra.join("; ")}` : "",
    ".",
  );
}

function thresholdList(load: LoadSection): Child {
  if (load.thresholds.length === 0) return h("p", { class: "muted" }, "No thresholds were set.");
  return h(
    "ul",
    { class: "load-thresholds" },
    load.thresholds.map((t) =>
      h(
        "li",
        { class: t.passed ? "met" : "unmet", "data-passed": String(t.passed) },
        `${t.passed ? "✓" : "✗"} ${thresholdText(t)}`,
      ),
    ),
  );
}

function latencyRow(name: string, l: LatencySummary | undefined): Child {
  if (!l || l.count === 0) return null;
  const cells = [l.p50_ms, l.p90_ms, l.p99_ms, l.max_ms, l.mean_ms].map((v) => h("td", {}, msText(v)));
  return h("tr", {}, h("td", {}, name), h("td", {}, String(l.count)), cells);
}

function latencyTable(load: LoadSection): HTMLElement {
  const head = ["Time to", "Count", "p50", "p90", "p99", "max", "mean"];
  return h(
    "table",
    { class: "load-latency" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        head.map((c) => h("th", {}, c)),
      ),
    ),
    h(
      "tbody",
      {},
      latencyRow(load.settings.mode === "stream" ? "stream end" : "reply", load.latency),
      latencyRow("first event", load.first_event),
      terminalWorthShowing(load) ? latencyRow("terminal state", load.terminal) : null,
    ),
  );
}

function errorsBlock(load: LoadSection): Child {
  if (load.errors.total === 0) return h("p", { class: "muted" }, "No request failed.");
  const kinds = Object.entries(load.errors.by_kind).filter(([, n]) => n > 0);
  return [
    h("p", { class: "error-text" }, `${load.errors.total} failed (${(load.errors.rate * 100).toFixed(2)} %)`),
    h(
      "ul",
      { class: "load-errors" },
      kinds.map(([kind, n]) => h("li", { "data-kind": kind }, `${kind}: ${n}`)),
    ),
    h(
      "table",
      {},
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["Kind", "What", "Count", "Example"].map((c) => h("th", {}, c)),
        ),
      ),
      h(
        "tbody",
        {},
        load.errors.top.map((e) =>
          h(
            "tr",
            {},
            h("td", {}, e.kind),
            h("td", {}, h("code", {}, e.key)),
            h("td", {}, String(e.count)),
            h("td", {}, e.example, e.traffic_id ? ` (traffic ${e.traffic_id})` : ""),
          ),
        ),
      ),
    ),
  ];
}

function driftLine(load: LoadSection): Child {
  const d = load.drift;
  if (!d) return null;
  const change = `${d.error_rate_change >= 0 ? "+" : ""}${(d.error_rate_change * 100).toFixed(2)}`;
  return h(
    "p",
    {},
    `Drift, last window against the first: p50 ×${d.p50_ratio ?? "?"}, p99 ×${d.p99_ratio ?? "?"}, error rate ${change} points.`,
  );
}

/** Settings, headline figures, thresholds, the two plots, latency percentiles, errors by kind and drift. */
export function loadView(load: LoadSection): HTMLElement {
  const kept = load.traffic_kept;
  return h(
    "section",
    { class: "load-view" },
    h("p", { class: "muted" }, describeLoadSettings(load.settings)),
    headline(load),
    h("h3", {}, "Thresholds"),
    thresholdList(load),
    h("h3", {}, "Latency over time"),
    h("div", { class: "chart-box" }, svgTree(latencyOverTimePlot(load.timeline))),
    h("h3", {}, "Latency"),
    latencyTable(load),
    h("div", { class: "chart-box" }, svgTree(latencyHistogramPlot(load.histogram))),
    h("h3", {}, "Errors"),
    errorsBlock(load),
    driftLine(load),
    h(
      "p",
      { class: "muted" },
      `Traffic: ${kept.kept} exchanges kept, ${kept.dropped} counted only (${kept.rule}).`,
    ),
  );
}
