import { escapeHtml } from "./escape.js";

/** Markup that is already safe: built by `html` or from constants. Plain strings are always escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What may be interpolated: strings and numbers are escaped; null, undefined and false render nothing. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/**
 * Tagged template for HTML: every interpolated value is escaped unless it is SafeHtml, so agent text cannot become
 * markup by accident. Values must sit in element text or in double-quoted attributes, never in tag or attribute names.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** Marks trusted constant markup (the stylesheet) as safe. Never call it with anything an agent sent. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** One element built from data, for generated markup such as SVG where a template would be mostly attributes. */
export function element(
  name: string,
  attrs: Record<string, string | number>,
  ...children: HtmlValue[]
): SafeHtml {
  const attrText = Object.entries(attrs)
    .map(([k, v]) => html` ${trusted(k)}="${v}"`)
    .map((a) => a.value)
    .join("");
  return html`<${trusted(name)}${trusted(attrText)}>${children}</${trusted(name)}>`;
}
