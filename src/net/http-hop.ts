import net from "node:net";
import { NetError } from "./errors.js";
import { unwatchAbort, watchAbort } from "./abort-watch.js";
import type { Abortable, AbortWatch } from "./abort-watch.js";
import { unwatchDeadline, watchDeadline } from "./deadlines.js";
import type { DeadlineList, Expiring } from "./deadlines.js";
import { planHttp1 } from "./http1-head.js";
import type { WireError, WirePlan, WireTarget } from "./http1-head.js";
import { sendPlanned } from "./http1.js";
import type { WireExchange, WireHandlers } from "./http1.js";
import type { CheckedAddress } from "./outbound-policy.js";
import { QuietTimer, type QuietLimit } from "./quiet-timer.js";
import { SseParser } from "./sse-parser.js";
import type { SseEvent } from "./sse-parser.js";
import type { TrafficHandle } from "./traffic.js";
import { formatBytes, formatSeconds } from "../view/units.js";

export type TimedSseEvent = SseEvent & { at_ms: number };
export type StreamEndReason = "closed" | "idle-timeout" | "event-cap" | "byte-cap" | "aborted" | "error";
export interface StreamEnd {
  reason: StreamEndReason;
  message?: string;
}

export interface StreamOptions {
  /** End the stream when no event arrived for this long. */
  idleMs: QuietLimit;
  /** End the stream after this many events (default 10,000). */
  maxEvents?: number;
  /** Called as each event arrives. */
  onEvent?: (event: TimedSseEvent) => void;
}

/** One request to one URL, already approved by the outbound policy and planned (see planHop). */
export interface HopRequest {
  url: URL;
  plan: WirePlan;
  /** When the hop started, on performance.now()'s scale (stream events are timed from it). */
  startedAt: number;
  body?: string;
  /** Time left for this hop; `totalMs` is the caller's whole budget, named in the timeout message. */
  timeoutMs: number;
  totalMs: number;
  maxBytes: number;
  stream?: StreamOptions;
  signal?: AbortSignal;
  trace?: TrafficHandle;
}

export interface HopResult {
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: string;
  bytes: number;
  truncated: boolean;
  events?: TimedSseEvent[];
  streamEnd?: StreamEnd;
}

const DEFAULT_MAX_EVENTS = 10_000;
const PARTIAL_BODY_BYTES = 1024 * 1024;

const CODE_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EPIPE: "connection closed while sending",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EPROTO: "TLS handshake failed",
};

function connectError(url: string, error: unknown, during: string): NetError {
  if (error instanceof NetError) return error;
  const code = (error as { code?: string }).code;
  const words = (code && CODE_WORDS[code]) ?? (error instanceof Error ? error.message : String(error));
  const message = `could not ${during} ${url}: ${code ? `${code} (${words})` : words}`;
  return new NetError("connect", url, message, { cause: error });
}

function capMessage(url: string, maxBytes: number): string {
  return `the body from ${url} exceeded the ${formatBytes(maxBytes)} cap`;
}

/** The last Content-Type read and its media type: an agent answers a run with the same one. */
let lastMediaType: [string | undefined, string] = [undefined, ""];

/** The media type of a Content-Type header, lower-case and without parameters; "" when absent. */
export function mediaType(contentType: string | undefined): string {
  if (contentType === lastMediaType[0]) return lastMediaType[1];
  const media = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  lastMediaType = [contentType, media];
  return media;
}

function prefix(chunks: Buffer[], max: number): Buffer {
  const head: Buffer[] = [];
  let size = 0;
  for (const chunk of chunks) {
    if (size >= max) break;
    head.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(head).subarray(0, max);
}

/**
 * The wire plan of a request to `url` at the address the policy approved: headers checked, head laid
 * out. A header name or value that could split the request is refused here, before anything is sent.
 */
export function planHop(
  url: URL,
  target: CheckedAddress,
  method: string,
  headers: Record<string, string>,
): WirePlan {
  // A diverted request (a replay) goes to the stand-in's port over plain HTTP, its URL and Host unchanged.
  const https = url.protocol === "https:" && target.port === undefined;
  const wire: WireTarget = {
    protocol: https ? "https:" : "http:",
    address: target.address,
    port: target.port ?? Number(url.port || (url.protocol === "https:" ? 443 : 80)),
  };
  const bracketless = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (https && net.isIP(bracketless) === 0) wire.servername = bracketless;
  try {
    return planHttp1(wire, { method, path: `${url.pathname}${url.search}`, host: url.host, headers });
  } catch (error) {
    throw connectError(url.href, error, "send a request to");
  }
}

/** Runs one HTTP exchange under its caps; the caller ends the traffic entry on success. */
export function runHop(hop: HopRequest): Promise<HopResult> {
  return new Promise((resolve, reject) => new CappedHop(hop, resolve, reject).start());
}

interface StreamState {
  parser: SseParser;
  decoder: TextDecoder;
  raw: string[];
  events: TimedSseEvent[];
}

class CappedHop implements WireHandlers, Expiring, Abortable {
  /** Its place among the exchanges under the caller's signal (see watchAbort). */
  watch: AbortWatch | undefined;
  watchPrev: Abortable | undefined;
  watchNext: Abortable | undefined;
  /** Its place among the exchanges timed by the same deadline list (see watchDeadline). */
  deadlineAt = 0;
  deadlineList: DeadlineList | undefined;
  deadlinePrev: Expiring | undefined;
  deadlineNext: Expiring | undefined;
  readonly #hop: HopRequest;
  readonly #resolve: (result: HopResult) => void;
  readonly #reject: (error: NetError) => void;
  #req: WireExchange | undefined;
  /** A stream's idle timer. */
  #quiet: QuietTimer | undefined;
  #settled = false;
  #response: Omit<HopResult, "body" | "bytes" | "truncated"> | undefined;
  #chunks: Buffer[] = [];
  #bytes = 0;
  #stream: StreamState | undefined;

  constructor(hop: HopRequest, resolve: (r: HopResult) => void, reject: (e: NetError) => void) {
    this.#hop = hop;
    this.#resolve = resolve;
    this.#reject = reject;
  }

  start(): void {
    const { url, signal } = this.#hop;
    const href = url.href;
    watchDeadline(this, this.#hop.timeoutMs, this.#hop.startedAt);
    if (signal?.aborted) return this.abort();
    if (signal) watchAbort(signal, this);
    try {
      this.#req = sendPlanned(this.#hop.plan, this.#hop.body, this, this.#hop.trace?.traceparent);
    } catch (error) {
      return this.#fail(connectError(href, error, "send a request to"));
    }
  }

  /** The whole exchange's time ran out (see watchDeadline). */
  expire(): void {
    const href = this.#hop.url.href;
    const message = `no complete response from ${href} within ${formatSeconds(this.#hop.totalMs)}`;
    this.#fail(new NetError("timeout.total", href, message));
  }

  // The wire's handlers (WireHandlers): the exchange itself, so no closures are made per request.
  onResponse(status: number, headers: Record<string, string>): void {
    this.#onResponse(status, headers);
  }

  onData(chunk: Buffer, last: boolean): void {
    this.#onData(chunk, last);
  }

  onEnd(): void {
    if (this.#stream) this.#endStream("closed");
    else this.#succeed();
  }

  onError(error: WireError): void {
    this.#onWireError(error);
  }

  #onResponse(status: number, headers: Record<string, string>): void {
    const contentType = mediaType(headers["content-type"]);
    this.#response = { status, headers, contentType };
    this.#hop.trace?.response(status, headers);
    const stream = this.#hop.stream;
    if (stream && contentType === "text/event-stream") this.#startStream(stream);
    const href = this.#hop.url.href;
    // A declared length over the cap is refused before a byte of the body is read.
    if (!this.#stream && Number(headers["content-length"]) > this.#hop.maxBytes) {
      return this.#fail(new NetError("cap.body", href, capMessage(href, this.#hop.maxBytes)));
    }
  }

  #onWireError(error: WireError): void {
    const href = this.#hop.url.href;
    if (!this.#response) return this.#fail(connectError(href, error, "connect to"));
    this.#onReadError(connectError(href, error, "read the body from"));
  }

  #onData(chunk: Buffer, last: boolean): void {
    if (this.#settled) return;
    const room = this.#hop.maxBytes - this.#bytes;
    this.#bytes += chunk.length;
    if (this.#stream) {
      this.#feed(chunk.length > room ? chunk.subarray(0, room) : chunk);
      if (chunk.length > room)
        this.#endStream("byte-cap", `stopped at the ${formatBytes(this.#hop.maxBytes)} cap`);
      return;
    }
    if (chunk.length > room) {
      const href = this.#hop.url.href;
      return this.#fail(new NetError("cap.body", href, capMessage(href, this.#hop.maxBytes)));
    }
    // The wire lends its read buffer: a piece is copied unless the response ends before that buffer changes.
    this.#chunks.push(last ? chunk : Buffer.from(chunk));
  }

  #onReadError(error: NetError): void {
    if (this.#stream) this.#endStream("error", error.message);
    else this.#fail(error);
  }

  /** The caller's signal fired (see watchAbort). */
  abort(): void {
    if (this.#stream) return this.#endStream("aborted", "cancelled by the caller");
    const href = this.#hop.url.href;
    this.#fail(new NetError("aborted", href, `the request to ${href} was cancelled by the caller`));
  }

  #startStream(options: StreamOptions): void {
    // For a stream the total timeout covers only the wait for the response; then silence is what ends it.
    unwatchDeadline(this);
    const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
    const state: StreamState = {
      parser: new SseParser((e) => this.#onEvent(e, options, maxEvents)),
      decoder: new TextDecoder(),
      raw: [],
      events: [],
    };
    this.#stream = state;
    this.#quiet = new QuietTimer(options.idleMs, (ms) =>
      this.#endStream("idle-timeout", `no event for ${ms} ms`),
    );
  }

  #onEvent(event: SseEvent, options: StreamOptions, maxEvents: number): void {
    const state = this.#stream;
    if (this.#settled || !state || state.events.length >= maxEvents) return;
    const timed: TimedSseEvent = { ...event, at_ms: this.#elapsed() };
    state.events.push(timed);
    this.#quiet?.heard();
    this.#hop.trace?.event(timed, timed.at_ms);
    try {
      options.onEvent?.(timed);
    } catch (error) {
      return this.#endStream("error", `the onEvent callback failed: ${String(error)}`);
    }
    if (state.events.length >= maxEvents) this.#endStream("event-cap", `stopped after ${maxEvents} events`);
  }

  #feed(chunk: Buffer): void {
    const state = this.#stream;
    if (!state) return;
    const text = state.decoder.decode(chunk, { stream: true });
    if (text === "") return;
    state.raw.push(text);
    state.parser.feed(text);
  }

  #endStream(reason: StreamEndReason, message?: string): void {
    const state = this.#stream;
    if (this.#settled || !state || !this.#response) return;
    if (reason !== "event-cap") {
      const tail = state.decoder.decode();
      if (tail !== "") state.raw.push(tail);
      if (tail !== "") state.parser.feed(tail);
      // Reports an event cut off by the end of the stream, marked unterminated, rather than dropping it.
      state.parser.end();
      if (this.#settled) return;
    }
    this.#settle();
    if (reason !== "closed") this.#req?.destroy();
    const streamEnd: StreamEnd = message === undefined ? { reason } : { reason, message };
    const body = state.raw.join("");
    const truncated = reason === "byte-cap";
    this.#resolve({
      ...this.#response,
      body,
      bytes: this.#bytes,
      truncated,
      events: state.events,
      streamEnd,
    });
  }

  #succeed(): void {
    if (this.#settled || !this.#response) return;
    this.#settle();
    const [only] = this.#chunks;
    const body = (
      this.#chunks.length === 1 && only ? only : Buffer.concat(this.#chunks, this.#bytes)
    ).toString("utf8");
    const { status, headers, contentType } = this.#response;
    this.#resolve({ status, headers, contentType, body, bytes: this.#bytes, truncated: false });
  }

  #fail(error: NetError): void {
    if (this.#settled) return;
    this.#settle();
    this.#req?.destroy();
    const trace = this.#hop.trace;
    if (trace) {
      // Only a prefix: the traffic log stores 64 KiB per body, and a capped body may be 10 MB.
      const partial = prefix(this.#chunks, PARTIAL_BODY_BYTES).toString("utf8");
      trace.fail(
        { rule: error.rule, message: error.message },
        partial ? { body: partial, truncated: true } : {},
      );
    }
    this.#chunks = [];
    this.#reject(error);
  }

  #settle(): void {
    this.#settled = true;
    unwatchDeadline(this);
    this.#quiet?.stop();
    unwatchAbort(this);
  }

  #elapsed(): number {
    return Math.round((performance.now() - this.#hop.startedAt) * 10) / 10;
  }
}
