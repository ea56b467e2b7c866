/**
 * The head of an HTTP/1.x response (RFC 9112 sections 4 and 5): its status line and header fields read and
 * checked, and what they say of the connection and of the body's framing (RFC 9112 section 6.3). The reader
 * (http1-response.ts) finds where a head ends and hands its text here.
 */

import { HTTP_TOKEN } from "./header-syntax.js";

/** A response's head: the status, the headers by lower-case name, and whether the connection may carry another. */
export interface ResponseHead {
  status: number;
  headers: Record<string, string>;
  keepAlive: boolean;
}

const CR = 0x0d;

// Node's rule for headers that appear once: the first copy counts and later ones are dropped.
const SINGLE_HEADERS = new Set(["content-type", "content-length", "location", "retry-after", "etag"]);
const DIGITS = /^\d{1,15}$/;
const STATUS_CODE = /^[1-9]\d\d$/;

/** Header names as received, checked and lower-cased: an agent sends the same few on every response. */
const lowerNames = new Map<string, string>();
const LOWER_NAMES_MAX = 256;

/** The lower-case name, or undefined when `raw` is not an HTTP token (RFC 9110 section 5.1). */
function lowerName(raw: string): string | undefined {
  let lower = lowerNames.get(raw);
  if (lower === undefined) {
    if (!HTTP_TOKEN.test(raw)) return undefined;
    lower = raw.toLowerCase();
    if (lowerNames.size >= LOWER_NAMES_MAX) lowerNames.clear();
    lowerNames.set(raw, lower);
  }
  return lower;
}

/** The server's keep-alive timeout from `Keep-Alive: timeout=N`, in ms. */
export function keepAliveMs(headers: Record<string, string>): number | undefined {
  const value = headers["keep-alive"];
  if (value === undefined) return undefined;
  // An agent announces the same value on every response.
  if (value !== lastKeepAlive[0]) {
    const match = /(?:^|[,\s])timeout=(\d+)/i.exec(value);
    lastKeepAlive = [value, match ? Number(match[1]) * 1000 : undefined];
  }
  return lastKeepAlive[1];
}

let lastKeepAlive: [string | undefined, number | undefined] = [undefined, undefined];

/** Whether a comma-separated header value lists `token` (compared without case). */
function listsToken(value: string | undefined, token: string): boolean {
  if (value === undefined) return false;
  if (!value.includes(",")) return value.length === token.length && value.toLowerCase() === token;
  for (const item of value.split(",")) if (item.trim().toLowerCase() === token) return true;
  return false;
}

/** The header names of the last head read on a connection, by position: an agent repeats them in order. */
export type NameMemo = { raw: string; lower: string }[];

const isSpace = (code: number) => code === 0x20 || code === 0x09;

/**
 * The header lines of `text` from `from` read into lower-case names (a repeated header is joined, except
 * those Node keeps once); line ends are CRLF or a bare LF, which RFC 9112 section 2.2 lets a recipient
 * accept. Returns why a line is not a header line, or undefined.
 */
function readHeaders(
  text: string,
  from: number,
  memo: NameMemo,
  into: Record<string, string>,
  lengths: string[],
): string | undefined {
  let last: string | undefined;
  let index = 0;
  for (let pos = from; pos < text.length;) {
    let lf = text.indexOf("\n", pos);
    if (lf < 0) lf = text.length;
    const end = lf > pos && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf;
    const line = pos;
    pos = lf + 1;
    if (end === line) continue;
    let valueStart: number;
    let name: string | undefined;
    const folded = isSpace(text.charCodeAt(line));
    if (folded) {
      // obs-fold: RFC 9112 section 5.2 has a recipient replace it with a space.
      if (last === undefined)
        return `a header line starts with whitespace: ${JSON.stringify(text.slice(line, Math.min(end, line + 80)))}`;
      name = last;
      valueStart = line;
    } else {
      const colon = text.indexOf(":", line);
      const known = memo[index];
      if (colon <= line || colon > end) name = undefined;
      else if (known?.raw.length === colon - line && text.startsWith(known.raw, line)) name = known.lower;
      else {
        const raw = text.slice(line, colon);
        name = lowerName(raw);
        if (name !== undefined) memo[index] = { raw, lower: name };
      }
      if (name === undefined)
        return `not a header line: ${JSON.stringify(text.slice(line, Math.min(end, line + 80)))}`;
      index += 1;
      valueStart = colon + 1;
    }
    let valueEnd = end;
    while (valueStart < valueEnd && isSpace(text.charCodeAt(valueStart))) valueStart++;
    while (valueEnd > valueStart && isSpace(text.charCodeAt(valueEnd - 1))) valueEnd--;
    const value = text.slice(valueStart, valueEnd);
    if (value.includes("\r")) return `the value of header "${name}" holds a CR that does not end the line`;
    const prior = into[name];
    if (folded) into[name] = `${prior ?? ""} ${value}`;
    else {
      if (name === "content-length") lengths.push(value);
      if (prior === undefined) into[name] = value;
      else if (!SINGLE_HEADERS.has(name)) into[name] = `${prior}, ${value}`;
    }
    last = name;
  }
  return undefined;
}

/** The status line's version (0 or 1 for HTTP/1.0 and 1.1) and code, or undefined when it is not one. */
function statusLine(line: string): { minor: number; status: number } | undefined {
  if (!line.startsWith("HTTP/1.") || line.length < 12) return undefined;
  const minor = line.charCodeAt(7) - 0x30;
  if ((minor !== 0 && minor !== 1) || line.charCodeAt(8) !== 0x20) return undefined;
  const code = line.slice(9, 12);
  if (!STATUS_CODE.test(code)) return undefined;
  if (line.length > 12 && line.charCodeAt(12) !== 0x20) return undefined;
  return { minor, status: Number(code) };
}

/** The body's length from the Content-Length copies seen (RFC 9112 section 6.3: differing copies are an error). */
function declaredLength(lengths: string[]): number | string {
  const [only] = lengths;
  if (lengths.length === 1 && only !== undefined && DIGITS.test(only)) return Number(only);
  let length: number | undefined;
  for (const copy of lengths)
    for (const item of copy.split(",")) {
      const text = item.trim();
      if (!DIGITS.test(text)) return `invalid Content-Length ${JSON.stringify(copy.slice(0, 40))}`;
      const value = Number(text);
      if (length !== undefined && value !== length) return "differing Content-Length values";
      length = value;
    }
  return length ?? 0;
}

/** What a head says: the response handed to onHead, and how its body is framed (RFC 9112 section 6.3). */
export interface ParsedHead {
  /** A 1xx answer before the response (not 101), skipped. */
  interim: boolean;
  response: ResponseHead;
  framing: "none" | "chunked" | "sized" | "close";
  /** The declared length, for "sized". */
  length: number;
  /** Whether a Content-Length came too (with chunked, the connection is not reused). */
  hasLength: boolean;
}

/** Reads one head: its status line and headers, checked; a string says why it is not one. */
export function parseHead(text: string, names: NameMemo): ParsedHead | string {
  const lf = text.indexOf("\n");
  const line = text.slice(0, lf > 0 && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf);
  const version = statusLine(line);
  if (!version) return `not an HTTP/1.x status line: ${JSON.stringify(line.slice(0, 80))}`;
  // RFC 9110 section 5.5: NUL, CR and LF in a field are dangerous (a CR inside a value: readHeaders).
  if (text.includes("\0")) return "the response head holds a NUL byte";
  const headers: Record<string, string> = {};
  const lengths: string[] = [];
  const problem = readHeaders(text, lf + 1, names, headers, lengths);
  if (problem !== undefined) return problem;
  const { status } = version;
  const hasLength = lengths.length > 0;
  // 1xx answers other than 101 (100 Continue, 103 Early Hints) precede the response and have no body.
  const interim = status < 200 && status !== 101;
  const connection = headers.connection;
  // Nothing asked to switch protocols (101): such a connection is not reusable.
  const keepAlive =
    status !== 101 &&
    (version.minor === 1 ? !listsToken(connection, "close") : listsToken(connection, "keep-alive"));
  const parsed: ParsedHead = {
    interim,
    response: { status, headers, keepAlive },
    framing: "close",
    length: 0,
    hasLength,
  };
  const encoding = headers["transfer-encoding"];
  if (interim || status === 101 || status === 204 || status === 304) parsed.framing = "none";
  else if (encoding !== undefined) {
    // RFC 9112 section 6.3: chunked must be the final coding, or the body runs to the connection's end.
    const codings = encoding.split(",");
    if ((codings[codings.length - 1] ?? "").trim().toLowerCase() === "chunked") parsed.framing = "chunked";
  } else if (hasLength) {
    const length = declaredLength(lengths);
    if (typeof length === "string") return length;
    parsed.framing = "sized";
    parsed.length = length;
  }
  return parsed;
}
