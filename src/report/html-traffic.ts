import type { TrafficEntry } from "../model/traffic.js";
import { truncate } from "./escape.js";
import { html, type SafeHtml } from "./html-template.js";
import { exchangeLine } from "../view/run-view.js";

// Enough to read a JSON-RPC exchange whole; the JSON result keeps the full (already capped) bodies.
const BODY_MAX = 8_000;
const EVENTS_MAX = 50;

/** A body pretty-printed when it is JSON (agents often send it on one line), then cut to a readable size. */
export function bodyText(body: string, max = BODY_MAX): string {
  let text = body;
  if (body.length < 200_000 && /^\s*[[{]/.test(body)) {
    try {
      text = JSON.stringify(JSON.parse(body) as unknown, null, 2);
    } catch {
      // Not JSON after all: shown as sent.
    }
  }
  return truncate(text, max);
}

function headerTable(headers: Record<string, string> | undefined): SafeHtml | null {
  const rows = Object.entries(headers ?? {});
  if (rows.length === 0) return null;
  return html`<table class="headers">
    <tbody>
      ${rows.map(
        ([k, v]) =>
          html`<tr>
            <th>${k}</th>
            <td><code>${truncate(v, 500)}</code></td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function eventsBlock(t: TrafficEntry): SafeHtml | null {
  const events = t.events ?? [];
  if (events.length === 0) return null;
  const shown = events.slice(0, EVENTS_MAX);
  const more = events.length - shown.length;
  return html`<details>
    <summary>${events.length} stream event${events.length === 1 ? "" : "s"}</summary>
    ${shown.map(
      (e) =>
        html`<div>
          <span class="muted">+${e.at_ms} ms ${e.event ?? "message"}${e.id ? ` id ${e.id}` : ""}</span>
          <pre>${bodyText(e.data, 2_000)}</pre>
        </div>`,
    )}${more > 0 ? html`<p class="muted">… ${more} more events in the JSON result</p>` : null}
  </details>`;
}

/** One request and its response: line, headers, bodies, stream events, with the request's details collapsed. */
export function exchangeBlock(t: TrafficEntry, open = true): SafeHtml {
  const truncated = t.body_truncated
    ? html` <span class="muted">(body truncated by the traffic log)</span>`
    : null;
  const failed = t.error !== undefined || t.status === undefined || t.status >= 400;
  return html`<div class="exchange">
<div><code>${t.id}</code> <strong class="${failed ? "bad" : ""}">${exchangeLine(t)}</strong>${t.label ? html` <span class="muted">${t.label}</span>` : null}</div>
<details><summary>request headers and body</summary>${headerTable(t.request_headers)}${
    t.request_body ? html`<pre>${bodyText(t.request_body)}</pre>` : html`<p class="muted">no body</p>`
  }</details>
<details${open ? html` open` : null}><summary>response${truncated}</summary>${headerTable(t.response_headers)}${
    t.response_body ? html`<pre>${bodyText(t.response_body)}</pre>` : html`<p class="muted">no body</p>`
  }${eventsBlock(t)}</details>
</div>`;
}

/** Every exchange of the run, each collapsed behind its one-line summary. */
export function trafficList(traffic: readonly TrafficEntry[]): SafeHtml {
  if (traffic.length === 0) return html`<p class="muted">No requests were made.</p>`;
  return html`<details>
    <summary>All traffic (${traffic.length} request${traffic.length === 1 ? "" : "s"})</summary>
    ${traffic.map(
      (t) =>
        html`<details>
          <summary><code>${t.id}</code> ${exchangeLine(t)}</summary>
          ${exchangeBlock(t, true)}
        </details>`,
    )}
  </details>`;
}
