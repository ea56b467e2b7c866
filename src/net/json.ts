import { NetError } from "./errors.js";
import { visible } from "./visible.js";

const OPEN_BRACKET = 0x5b; // [
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACKET = 0x5d; // ]
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting in `text`, counting brackets outside strings, stopping early once `limit`
 * is passed. A loop rather than recursion so hostile input cannot exhaust the stack.
 */
function nestingDepth(text: string, limit: number): { depth: number; at: number } {
  // Each level takes at least one character: a shorter text cannot be too deep, and needs no scan.
  if (text.length <= limit) return { depth: 0, at: -1 };
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > limit) return { depth, at: i };
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
  return { depth: 0, at: -1 };
}

function snippet(text: string, at: number): string {
  const start = Math.max(0, at - 30);
  // Control bytes are shown escaped: they are often the very reason the text did not parse.
  const piece = visible(text.slice(start, at + 40).replace(/\s+/g, " "));
  return `${start > 0 ? "…" : ""}${piece}${at + 40 < text.length ? "…" : ""}`;
}

/**
 * V8's reason without the copy of the input it sometimes appends, and the position it names; the
 * end of the text for "Unexpected end", undefined when V8 does not say.
 */
function describeSyntaxError(cause: unknown, text: string): { reason: string; at: number | undefined } {
  const raw = cause instanceof Error ? cause.message : String(cause);
  const reason = raw.split(/, "/)[0]?.replace(/ in JSON at position \d+$/, "") ?? raw;
  const match = /position (\d+)/.exec(raw);
  if (match?.[1]) return { reason, at: Number(match[1]) };
  return { reason, at: /end of JSON input/.test(raw) ? text.length : undefined };
}

/** Parses a response body as JSON, refusing text nested deeper than `maxDepth` (docs/architecture.md, outbound safety). */
export function parseJson(text: string, url: string, maxDepth = 256): unknown {
  const deep = nestingDepth(text, maxDepth);
  if (deep.at >= 0) {
    const message = `the JSON from ${url} is nested deeper than ${maxDepth} levels (at character ${deep.at})`;
    throw new NetError("json.depth", url, message);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    const { reason, at } = describeSyntaxError(cause, text);
    const where = at === undefined ? "" : ` at character ${at}`;
    const shown = text.trim() === "" ? "the body is empty" : `near "${snippet(text, at ?? 0)}"`;
    const message = `the body from ${url} is not valid JSON (${reason}${where}): ${shown}`;
    throw new NetError("json.syntax", url, message, { cause });
  }
}

export type JsonResult = { ok: true; value: unknown } | { ok: false; error: NetError };

/** Like parseJson, but returns the failure instead of throwing it. */
export function tryParseJson(text: string, url: string, maxDepth = 256): JsonResult {
  try {
    return { ok: true, value: parseJson(text, url, maxDepth) };
  } catch (error) {
    if (error instanceof NetError) return { ok: false, error };
    throw error;
  }
}
