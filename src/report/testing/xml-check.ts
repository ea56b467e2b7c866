/**
 * A small strict XML 1.0 reader for tests: it throws on anything not well-formed (illegal characters, raw `<` or a
 * bare `&` in text or attributes, unbalanced or mismatched tags, duplicate attributes, more than one root) and
 * returns a tree with entities decoded, so tests can assert on what a CI tool would read.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Text and CDATA content directly inside the element, decoded. */
  text: string;
}

const ILLEGAL = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const NAME = /^[A-Za-z_:][\w.:-]*/;
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/y;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === "<") throw new Error(`raw "<" in ${where}`);
    if (c !== "&") {
      out += c;
      continue;
    }
    ENTITY.lastIndex = i;
    const m = ENTITY.exec(raw);
    if (!m) throw new Error(`bare "&" in ${where}: ${raw.slice(i, i + 12)}`);
    out += m[1] ? NAMED[m[1]] : String.fromCodePoint(Number.parseInt(m[2] ?? m[3] ?? "", m[2] ? 10 : 16));
    i += m[0].length - 1;
  }
  return out;
}

function parseTag(src: string, at: number): { el: XmlElement; selfClosing: boolean; end: number } {
  const name = NAME.exec(src.slice(at + 1))?.[0];
  if (!name) throw new Error(`bad tag name at ${at}`);
  const el: XmlElement = { name, attrs: {}, children: [], text: "" };
  let i = at + 1 + name.length;
  const attr = /\s+([A-Za-z_:][\w.:-]*)\s*=\s*"([^"]*)"|\s*(\/?)>/y;
  for (;;) {
    attr.lastIndex = i;
    const m = attr.exec(src);
    if (!m) throw new Error(`malformed tag <${name}> at ${i}: ${src.slice(i, i + 30)}`);
    i = attr.lastIndex;
    if (m[1] === undefined) return { el, selfClosing: m[3] === "/", end: i };
    if (m[1] in el.attrs) throw new Error(`duplicate attribute ${m[1]} on <${name}>`);
    el.attrs[m[1]] = decode(m[2] ?? "", `attribute ${m[1]}`);
  }
}

function skipTo(src: string, from: number, marker: string): number {
  const end = src.indexOf(marker, from);
  if (end === -1) throw new Error(`unterminated construct, expected ${marker}`);
  return end + marker.length;
}

/** Parses a document or throws naming the first thing that is not well-formed. */
export function parseXml(src: string): XmlElement {
  const bad = ILLEGAL.exec(src);
  if (bad) throw new Error(`illegal character U+${bad[0].codePointAt(0)?.toString(16)} at ${bad.index}`);
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = src.startsWith("<?xml") ? skipTo(src, 0, "?>") : 0;
  while (i < src.length) {
    const lt = src.indexOf("<", i);
    const text = src.slice(i, lt === -1 ? src.length : lt);
    const top = stack.at(-1);
    if (top) top.text += decode(text, `text of <${top.name}>`);
    else if (text.trim() !== "") throw new Error(`text outside the root: ${text.slice(0, 20)}`);
    if (text.includes("]]>")) throw new Error(`"]]>" in text`);
    if (lt === -1) break;
    if (src.startsWith("<![CDATA[", lt)) {
      if (!top) throw new Error("CDATA outside the root");
      const end = skipTo(src, lt, "]]>");
      top.text += src.slice(lt + 9, end - 3);
      i = end;
    } else if (src.startsWith("<!--", lt)) {
      i = skipTo(src, lt, "-->");
    } else if (src.startsWith("</", lt)) {
      const m = /^<\/([A-Za-z_:][\w.:-]*)\s*>/.exec(src.slice(lt));
      const open = stack.pop();
      if (!m || !open || open.name !== m[1])
        throw new Error(`mismatched close tag at ${lt}: ${src.slice(lt, lt + 20)}`);
      i = lt + m[0].length;
    } else {
      const { el, selfClosing, end } = parseTag(src, lt);
      if (top) top.children.push(el);
      else if (root) throw new Error("more than one root element");
      else root = el;
      if (!selfClosing) stack.push(el);
      i = end;
    }
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.at(-1)?.name}>`);
  if (!root) throw new Error("no root element");
  return root;
}

/** Every descendant element with this name, depth first. */
export function findAll(el: XmlElement, name: string): XmlElement[] {
  return el.children.flatMap((c) => [...(c.name === name ? [c] : []), ...findAll(c, name)]);
}
