import { describeLoadSettings, thresholdText, terminalWorthShowing } from "../view/load-text.js";
import { type LatencySummary, type LoadSection } from "../model/load.js";
import { latencyHistogramChart, latencyOverTimeChart } from "./load-chart.js";
import { html, type SafeHtml } from "./html-template.js";

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(n < 10 ? 2 : 1)} ms`);

function latencyRow(name: string, l: LatencySummary | undefined): SafeHtml | null {
  if (!l || l.count === 0) return null;
  return html`<tr>
    <td>${name}</td>
    <td class="num">${l.count}</td>
    <td class="num">${ms(l.p50_ms)}</td>
    <td class="num">${ms(l.p90_ms)}</td>
    <td class="num">${ms(l.p99_ms)}</td>
    <td class="num">${ms(l.max_ms)}</td>
    <td class="num">${ms(l.mean_ms)}</td>
  </tr>`;
}

function latencyTable(load: LoadSection): SafeHtml {
  return html`<table>
    <thead>
      <tr>
        <th>Time to</th>
        <th class="num">Count</th>
        <th class="num">p50</th>
        <th class="num">p90</th>
        <th class="num">p99</th>
        <th class="num">max</th>
        <th class="num">mean</th>
      </tr>
    </thead>
    <tbody>
      ${latencyRow(load.settings.mode === "stream" ? "stream end" : "reply", load.latency)}
      ${latencyRow("first event", load.first_event)}
      ${terminalWorthShowing(load) ? latencyRow("terminal state", load.terminal) : null}
    </tbody>
  </table>`;
}

function errorsBlock(load: LoadSection): SafeHtml {
  if (load.errors.total === 0) return html`<p class="ok">No request failed.</p>`;
  const kinds = Object.entries(load.errors.by_kind).filter(([, n]) => n > 0);
  return html`<p class="bad">
      ${load.errors.total} failed (${(load.errors.rate * 100).toFixed(2)} %):
      ${kinds.map(([k, n]) => `${k} ${n}`).join(", ")}
    </p>
    <table>
      <thead>
        <tr>
          <th>Kind</th>
          <th>What</th>
          <th class="num">Count</th>
          <th>Example</th>
        </tr>
      </thead>
      <tbody>
        ${load.errors.top.map(
          (e) =>
            html`<tr>
              <td>${e.kind}</td>
              <td><code>${e.key}</code></td>
              <td class="num">${e.count}</td>
              <td>
                ${e.example}${e.traffic_id ? html` <span class="muted">(traffic <code>${e.traffic_id}</code>)</span>` : null}
              </td>
            </tr>`,
        )}
      </tbody>
    </table>`;
}

function driftBlock(load: LoadSection): SafeHtml | null {
  if (load.windows.length < 2) return null;
  const d = load.drift;
  return html`<h4>Drift over time (windows)</h4>
    ${d ? html`<p>Last window against the first: p50 ×${d.p50_ratio ?? "?"}, p99 ×${d.p99_ratio ?? "?"}, error rate ${d.error_rate_change >= 0 ? "+" : ""}${(d.error_rate_change * 100).toFixed(2)} points.</p>` : null}
    <table>
      <thead>
        <tr>
          <th>Window</th>
          <th class="num">Done</th>
          <th class="num">Errors</th>
          <th class="num">p50</th>
          <th class="num">p99</th>
          <th class="num">max</th>
        </tr>
      </thead>
      <tbody>
        ${load.windows.map(
          (w) =>
            html`<tr>
              <td>${w.from_s}–${w.to_s} s</td>
              <td class="num">${w.completed}</td>
              <td class="num">${w.errors}</td>
              <td class="num">${ms(w.p50_ms)}</td>
              <td class="num">${ms(w.p99_ms)}</td>
              <td class="num">${ms(w.max_ms)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
}

/** The load section of the HTML report: settings, counts, thresholds, plots, latency, errors and drift. */
export function loadSection(load: LoadSection): SafeHtml {
  const r = load.requests;
  return html`<p>${describeLoadSettings(load.settings)}</p>
    <p>
      <strong>${r.completed}</strong> completed (${r.succeeded} ok, ${r.failed} failed) in
      ${(load.elapsed_ms / 1000).toFixed(1)} s: <strong>${load.throughput_per_s} requests/s</strong>; stopped
      by
      ${load.stopped_by}${r.abandoned > 0 ? `; ${r.abandoned} abandoned` : ""}${r.missed > 0 ? `; ${r.missed} missed (every slot busy)` : ""}${load.unsettled > 0 ? `; ${load.unsettled} replies left the task unfinished` : ""}.
    </p>
    <h4>Thresholds</h4>
    <ul>
      ${load.thresholds.map((t) => html`<li class="${t.passed ? "ok" : "bad"}">${t.passed ? "✓" : "✗"} ${thresholdText(t)}</li>`)}
    </ul>
    <h4>Latency over time</h4>
    ${latencyOverTimeChart(load.timeline)}
    <h4>Latency</h4>
    ${latencyTable(load)} ${latencyHistogramChart(load.histogram)}
    <h4>Errors</h4>
    ${errorsBlock(load)} ${driftBlock(load)}
    <p class="muted">
      Traffic: ${load.traffic_kept.kept} exchanges kept, ${load.traffic_kept.dropped} counted only
      (${load.traffic_kept.rule}).
    </p>`;
}
