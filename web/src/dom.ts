import type { SvgNode } from "../../src/view/load-plot.js";

/**
 * The only way the UI builds markup: elements and text nodes, never HTML strings. Everything an agent
 * sends reaches the page as a text node, so it is shown, not run.
 */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

type Handler = (event: Event) => void;
export type Attrs = Record<string, string | number | boolean | Handler | undefined>;

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (typeof child === "string" || typeof child === "number") {
    parent.appendChild(document.createTextNode(String(child)));
  } else if (child instanceof Node) {
    parent.appendChild(child);
  } else {
    for (const c of child) append(parent, c);
  }
}

/** Creates an element; `on*` attributes must be functions, other attributes are set as plain strings. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (name.startsWith("on")) {
      if (typeof value === "function") el.addEventListener(name.slice(2), value);
      continue;
    }
    if (name === "style" || typeof value === "function") continue;
    if (name === "value" && "value" in el) (el as HTMLInputElement).value = String(value);
    else if (name === "checked" && el instanceof HTMLInputElement) el.checked = value === true;
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/** Replaces the children of `el`. */
export function mount(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

/** A status badge: passed, failed, error, queued, running, or a task state. */
export function badge(status: string): HTMLElement {
  return h(
    "span",
    { class: `badge badge-${status.replace(/[^a-z-]/gi, "")}`, "data-status": status },
    status,
  );
}

/** Pretty JSON when `text` parses, the text itself otherwise. */
export function pretty(text: string | undefined): string {
  if (text === undefined || text === "") return "";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A tab strip; each tab's body is built when first shown. */
export function tabs(
  names: readonly string[],
  build: (name: string) => Node,
  initial = names[0],
): HTMLElement {
  const body = h("div", { class: "tab-body" });
  const buttons = names.map((name) =>
    h(
      "button",
      { type: "button", role: "tab", class: "tab", "data-tab": name, onclick: () => show(name) },
      name,
    ),
  );
  const show = (name: string) => {
    for (const b of buttons) b.setAttribute("aria-selected", String(b.dataset.tab === name));
    mount(body, build(name));
  };
  const strip = h("div", { class: "tabs" }, h("div", { class: "tab-strip", role: "tablist" }, buttons), body);
  if (initial) show(initial);
  return strip;
}

/** A labelled form field. */
export function field(label: string, input: HTMLElement, hint?: string): HTMLElement {
  return h(
    "label",
    { class: "field" },
    h("span", { class: "field-label" }, label),
    input,
    hint ? h("small", {}, hint) : null,
  );
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG picture from a plain tree (the model's plots); text children become text nodes, never markup. */
export function svgTree(node: SvgNode): SVGElement {
  const el = document.createElementNS(SVG_NS, node.tag);
  for (const [name, value] of Object.entries(node.attrs)) {
    if (name.startsWith("on") || name === "style" || name === "href") continue;
    el.setAttribute(name, String(value));
  }
  for (const child of node.children)
    el.appendChild(typeof child === "string" ? document.createTextNode(child) : svgTree(child));
  return el;
}
