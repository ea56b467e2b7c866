/**
 * Escaping for every text format the reporters write. Everything an agent sent is hostile until escaped here:
 * the reporters never interpolate agent text any other way.
 */

// XML 1.0 section 2.2 Char: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF. With the `u` flag a lone
// surrogate is one code point outside these ranges, so it is caught too.
const ILLEGAL_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
// C1 controls, DEL and the bidirectional controls are legal XML but invisible in a report a person reads, and
// the bidi ones can reorder what is shown around them.
const INVISIBLE = /[\u007F-\u009F\u202A-\u202E\u2066-\u2069]/gu;

/** Removes characters XML 1.0 forbids (NUL, most C0 controls, lone surrogates, U+FFFE/U+FFFF). */
export function stripIllegalXml(text: string): string {
  return text.replace(ILLEGAL_XML, "");
}

/** Shows forbidden and invisible control characters as U+FFFD, so a reader sees that something was there. */
export function visibleControls(text: string): string {
  return text.replace(ILLEGAL_XML, "\uFFFD").replace(INVISIBLE, "\uFFFD");
}

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  // Attribute values are whitespace-normalised by parsers; character references keep line breaks and tabs.
  "\n": "&#10;",
  "\r": "&#13;",
  "\t": "&#9;",
};

/** Text content of an XML element. */
export function xmlText(text: string): string {
  return visibleControls(text).replace(/[&<>]/g, (c) => XML_ENTITIES[c] ?? c);
}

/** A double-quoted XML attribute value (without the quotes). */
export function xmlAttr(text: string): string {
  return visibleControls(text).replace(/[&<>"'\n\r\t]/g, (c) => XML_ENTITIES[c] ?? c);
}

/** A CDATA section that stays one section's worth of text whatever it holds: `]]>` is split across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${visibleControls(text).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

const HTML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text or quoted attribute value in HTML. */
export function escapeHtml(text: string): string {
  return visibleControls(text).replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

// Characters that start Markdown syntax inline (emphasis, code, links, HTML, tables, strike-through, entities,
// headings); `<`, `>` and `&` become entities so raw HTML and entity references in agent text show literally.
const MD_SPECIAL = /[\\`*_[\]<>|~&#]/g;
const MD_ESCAPES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;" };
// A list marker at the start of a list item's text would open a nested list.
const LIST_START = /^(\s*)([-+]|\d+(?=[.)]))(?=[\s.)])/;

function mdEscape(text: string): string {
  const escaped = visibleControls(text).replace(MD_SPECIAL, (c) => MD_ESCAPES[c] ?? `\\${c}`);
  return escaped.replace(LIST_START, (_m, space: string, marker: string) =>
    /\d/.test(marker) ? `${space}${marker}\\` : `${space}\\${marker}`,
  );
}

const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029]/g;

/** Markdown inline text on one line (headings, list items): every line break becomes a space. */
export function mdInline(text: string, max = 300): string {
  return mdEscape(truncate(text.replace(LINE_BREAKS, " "), max));
}

/** A Markdown table cell: pipes escaped and line breaks as `<br>`, so a cell can never split its row. */
export function mdCell(text: string, max = 500): string {
  return truncate(text, max)
    .split(LINE_BREAKS)
    .map((line) => mdEscape(line))
    .join("<br>");
}

/** A fenced code block whose fence is longer than any backtick run inside, so the text cannot close it. */
export function mdFence(text: string, lang = ""): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${visibleControls(text).replace(/\n$/, "")}\n${fence}`;
}

/** Cuts text to `max` characters, saying how much was left out. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
