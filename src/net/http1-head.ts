/**
 * Requests for Plainwright's HTTP/1.1 engine (http1.ts): a request's head checked and laid out once (a
 * WirePlan), and its bytes for each body. Responses are read in http1-response.ts.
 */

import { HTTP_FIELD_VALUE, HTTP_TOKEN } from "./header-syntax.js";

/** Where a request goes: the address the outbound policy approved, never a name resolved again. */
export interface WireTarget {
  protocol: "http:" | "https:";
  address: string;
  port: number;
  /** The host name for TLS SNI and certificate checks; absent for IP literals. */
  servername?: string;
}

/** A request's line and headers; each send gives its own body. */
export interface WireRequest {
  method: string;
  /** Path and query, already percent-encoded (from a URL object). */
  path: string;
  /** The Host header value. */
  host: string;
  headers: Record<string, string>;
}

/** A failure with the system code when there is one (ECONNREFUSED, ECONNRESET, a TLS code, …). */
export class WireError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "WireError";
    this.code = code;
  }
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/** `name: value\r\n`, refusing a name or value that could split the request. */
function headerLine(name: string, value: string): string {
  if (!HTTP_TOKEN.test(name))
    throw new WireError(`invalid header name ${JSON.stringify(name)}`, "ERR_INVALID_HTTP_TOKEN");
  if (!HTTP_FIELD_VALUE.test(value))
    throw new WireError(`invalid character in the value of header "${name}"`, "ERR_INVALID_CHAR");
  return `${name}: ${value}\r\n`;
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * A request checked and laid out once, sent any number of times with a body of its own: a load run
 * repeats one request, and checking its headers, building its head and finding its pool each time
 * would cost more than the agent's reply.
 */
export interface WirePlan {
  readonly target: WireTarget;
  readonly method: string;
  /** The pool this request's connections come from. */
  readonly key: string;
  /** Request line and headers, without Content-Length, Connection and the blank line. */
  readonly head: string;
  /** Whether a Content-Length goes out even without a body (the method carries one, or the caller set it). */
  readonly alwaysLength: boolean;
  /** Header values are Latin-1 on the wire: an ASCII head is written with the body in one UTF-8 pass. */
  readonly asciiHead: boolean;
}

/** Checks a request's headers and lays out its head; an invalid name or value throws a WireError. */
export function planHttp1(target: WireTarget, request: WireRequest): WirePlan {
  let head = `${request.method} ${request.path} HTTP/1.1\r\nHost: ${request.host}\r\n`;
  let hasLength = false;
  for (const name in request.headers) {
    const lower = name.toLowerCase();
    if (lower === "host" || lower === "connection" || lower === "transfer-encoding") continue;
    if (lower === "content-length") {
      hasLength = true;
      continue;
    }
    head += headerLine(name, request.headers[name] as string);
  }
  return {
    target,
    method: request.method,
    key: poolKey(target),
    head,
    alwaysLength: hasLength || BODY_METHODS.has(request.method),
    asciiHead: ASCII.test(head),
  };
}

/** The bytes of one request: the planned head, its length and the body. */
/**
 * A request with an ASCII head is given as a string: the socket writes it as UTF-8 straight from the
 * string, with no buffer made for it in between.
 */
export function serialize(plan: WirePlan, body: string | undefined, traceparent?: string): string | Buffer {
  const length = body === undefined ? 0 : Buffer.byteLength(body, "utf8");
  // The one header that differs per request (a span id each), so it is not part of the planned head.
  const trace = traceparent === undefined ? "" : `traceparent: ${traceparent}\r\n`;
  const ending =
    body !== undefined || plan.alwaysLength
      ? `${trace}Content-Length: ${length}\r\nConnection: keep-alive\r\n\r\n`
      : `${trace}Connection: keep-alive\r\n\r\n`;
  if (plan.asciiHead) return plan.head + ending + (body ?? "");
  const headBytes = Buffer.from(plan.head + ending, "latin1");
  if (body === undefined) return headBytes;
  return Buffer.concat([headBytes, Buffer.from(body, "utf8")], headBytes.length + length);
}

/** Connections are pooled per approved address, so a name that now resolves elsewhere gets a new one. */
export function poolKey(target: WireTarget): string {
  return `${target.protocol}//${target.address}:${target.port}|${target.servername ?? ""}`;
}
