import { h, pretty } from "../dom.js";
import type { TrafficEntry, TrafficEntryChange } from "../../../src/model/traffic.js";
import { toCurl } from "./curl.js";

function headerList(headers: Record<string, string> | undefined): HTMLElement {
  const rows = Object.entries(headers ?? {});
  if (rows.length === 0) return h("p", { class: "muted" }, "(none)");
  return h("pre", { class: "code" }, rows.map(([k, v]) => `${k}: ${v}`).join("\n"));
}

function summaryText(entry: TrafficEntry): string {
  const status = entry.error
    ? `failed: ${entry.error.message}`
    : entry.status === undefined
      ? "…"
      : String(entry.status);
  const events = entry.events?.length ? `, ${entry.events.length} events` : "";
  return `${entry.method} ${entry.url} → ${status} (${entry.ms} ms${events})`;
}

function copyButton(entry: TrafficEntry, out: HTMLElement): HTMLElement {
  return h(
    "button",
    {
      type: "button",
      class: "small copy-curl",
      onclick: () => {
        const command = toCurl(entry);
        out.textContent = command;
        out.hidden = false;
        navigator.clipboard?.writeText(command).catch(() => undefined);
      },
    },
    "Copy as curl",
  );
}

/** One exchange: a summary line that expands into headers, bodies, stream events and curl. */
export function trafficItem(entry: TrafficEntry, open = false): HTMLDetailsElement {
  const curlOut = h("pre", { class: "code curl", hidden: true });
  const events = entry.events ?? [];
  return h(
    "details",
    { class: `traffic ${entry.error ? "traffic-error" : ""}`, "data-id": entry.id, open },
    h(
      "summary",
      {},
      h("span", { class: "traffic-label" }, entry.label ?? ""),
      " ",
      h("span", { class: "traffic-line" }, summaryText(entry)),
    ),
    h(
      "div",
      { class: "traffic-body" },
      h("div", { class: "row" }, copyButton(entry, curlOut), h("small", { class: "muted" }, entry.at)),
      curlOut,
      h("h4", {}, "Request headers"),
      headerList(entry.request_headers),
      entry.request_body !== undefined
        ? [h("h4", {}, "Request body"), h("pre", { class: "code" }, pretty(entry.request_body))]
        : null,
      h("h4", {}, "Response headers"),
      headerList(entry.response_headers),
      entry.response_body !== undefined
        ? [
            h("h4", {}, `Response body${entry.body_truncated ? " (truncated)" : ""}`),
            h(
              "pre",
              { class: "code" },
              events.length > 0 ? entry.response_body : pretty(entry.response_body),
            ),
          ]
        : null,
      events.length > 0
        ? [
            h("h4", {}, `Stream events (${events.length})`),
            h(
              "ol",
              { class: "events" },
              events.map((e) =>
                h(
                  "li",
                  {},
                  h("small", { class: "muted" }, `+${e.at_ms} ms ${e.event ?? ""}`),
                  h("pre", { class: "code" }, pretty(e.data)),
                ),
              ),
            ),
          ]
        : null,
      entry.error
        ? [
            h("h4", {}, "Error"),
            h(
              "p",
              { class: "error-text" },
              `${entry.error.rule ? `[${entry.error.rule}] ` : ""}${entry.error.message}`,
            ),
          ]
        : null,
    ),
  );
}

/** A list of exchanges that can be updated live: an entry with a known id is replaced in place. */
export class TrafficList {
  readonly element = h("div", { class: "traffic-list" }, h("p", { class: "muted empty" }, "No traffic yet."));
  readonly #items = new Map<string, HTMLDetailsElement>();
  readonly #entries = new Map<string, TrafficEntry>();

  /** Applies a change of an entry sent whole before: its fields, and the events after those it has. */
  change(change: TrafficEntryChange): void {
    const known = this.#entries.get(change.id);
    const { events_from: from, events: added, ...fields } = change;
    this.upsert({ ...fields, events: [...(known?.events ?? []).slice(0, from), ...added] });
  }

  /** Adds or refreshes one entry, keeping it open if the user opened it. */
  upsert(entry: TrafficEntry): void {
    this.#entries.set(entry.id, entry);
    const existing = this.#items.get(entry.id);
    const item = trafficItem(entry, existing?.open ?? false);
    if (existing) existing.replaceWith(item);
    else {
      this.element.querySelector(".empty")?.remove();
      this.element.appendChild(item);
    }
    this.#items.set(entry.id, item);
  }

  get size(): number {
    return this.#items.size;
  }
}

/** A finished run's traffic. */
export function trafficView(entries: readonly TrafficEntry[]): HTMLElement {
  const list = new TrafficList();
  for (const entry of entries) list.upsert(entry);
  return list.element;
}
