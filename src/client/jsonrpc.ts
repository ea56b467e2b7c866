import type { RateLimitGate } from "../net/rate-limit.js";
import { randomUUID } from "node:crypto";
import { NetError } from "../net/errors.js";
import { PreparedHttpRequest } from "../net/http.js";
import type { HttpResponse, PreparedRequestOptions, SendOptions } from "../net/http.js";
import type { StreamOptions } from "../net/http-hop.js";
import type { QuietLimit } from "../net/quiet-timer.js";
import { tryParseJson } from "../net/json.js";
import { sseDataInBody } from "../net/sse-parser.js";
import { unparsedEvent } from "./stream-events.js";
import { answersWithEvents } from "./methods.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { TrafficLog } from "../net/traffic.js";

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * Everything a JSON-RPC call can come back as. A misbehaving agent is never an exception: a reply that
 * breaks JSON-RPC 2.0 is `invalid` with the rule it broke, a request that could not complete is
 * `unreachable` with the net rule (cap, timeout, policy) that stopped it.
 */
export type RpcOutcome =
  | { kind: "result"; result: unknown; http: HttpResponse }
  | { kind: "error"; error: RpcError; http: HttpResponse }
  | {
      kind: "stream";
      results: unknown[];
      errors: RpcError[];
      invalid: string[];
      items: StreamItem[];
      http: HttpResponse;
    }
  | { kind: "invalid"; reason: string; http: HttpResponse }
  | { kind: "unreachable"; error: NetError };

export interface RpcCall {
  url: string;
  method: string;
  params?: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** How long a streamed reply may stay silent (default timeoutMs). */
  quietMs?: QuietLimit;
  /** Cap on the response (a stream's events included); the HTTP client's default when not given. */
  maxBytes?: number;
  policy: OutboundPolicy;
  traffic?: TrafficLog;
  rateLimit?: RateLimitGate;
  signal?: AbortSignal;
  /** Called with each JSON-RPC result as a streamed reply arrives. */
  onStreamResult?: StreamResultListener;
}

/**
 * A streamed result as it arrives; `unframed`, when it came without its JSON-RPC envelope, says so; `stray`,
 * when it was read only past a stray byte (0x1E) before its JSON, which the recorded event keeps.
 */
export type StreamResultListener = (result: unknown, unframed?: string, stray?: true) => void;

/** One event of a streamed reply, in arrival order, with the ms since the request started. */
export type StreamItem =
  /** `bare`: the event is the payload itself, with no JSON-RPC envelope (read leniently; see bareProblem). */
  | { at_ms: number; result: unknown; foreignId?: string; bare?: string }
  /** `bare`: an error object sent without its envelope, read as the refusal it is (see bareError). */
  | { at_ms: number; error: RpcError; foreignId?: string; bare?: string }
  | { at_ms: number; invalid: string };

type Envelope = Record<string, unknown>;

/**
 * Checks one response envelope against JSON-RPC 2.0 §5; returns the problem, or undefined when sound.
 * The id echo is not judged here: over HTTP a reply belongs to its request by the exchange itself, so a
 * reply with a foreign id is still read (and the checks errors.error-envelope and lifecycle.reply-well-formed
 * report the broken echo once) instead of failing every call that meets it.
 */
function envelopeProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return "the reply is not a JSON-RPC response object";
  const env = value as Envelope;
  if (env.jsonrpc !== "2.0") return `"jsonrpc" is ${JSON.stringify(env.jsonrpc)}, not "2.0"`;
  const hasResult = "result" in env;
  const hasError = "error" in env;
  if (hasResult && hasError)
    return "the response has both result and error (JSON-RPC 2.0 allows exactly one)";
  if (!hasResult && !hasError) return "the response has neither result nor error";
  if (hasError) {
    const err = env.error as Envelope | null;
    if (
      typeof err !== "object" ||
      err === null ||
      typeof err.code !== "number" ||
      typeof err.message !== "string"
    ) {
      return "the error member is not an object with a numeric code and a string message";
    }
  }
  return undefined;
}

/** JSON-RPC 2.0 §5: the id MUST equal the request's, or be null when the request's id could not be read. */
export function idEchoProblem(env: Envelope, id: string | number): string | undefined {
  if (env.id === id || ("error" in env && env.id === null)) return undefined;
  return `the response id ${JSON.stringify(env.id)} does not echo the request id ${JSON.stringify(id)}`;
}

function toRpcError(env: Envelope): RpcError {
  const err = env.error as Envelope;
  return {
    code: err.code as number,
    message: err.message as string,
    ...("data" in err ? { data: err.data } : {}),
  };
}

/**
 * An event that is a JSON object with none of a JSON-RPC response's members: the payload itself, sent without
 * its envelope. Read leniently, judge strictly: the missing envelope is kept among the invalid events
 * (streaming.events-well-formed reports it once) and the payload is still read, so the stream's other checks
 * judge what it says. An object with `error` (`{"error": "..."}`) is a refusal no client can read, never a payload.
 */
function isBare(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return !("jsonrpc" in value) && !("result" in value) && !("error" in value);
}

/**
 * An event that is an error object without its envelope (`{"error": {"code": -32601, "message": ...}}`, seen
 * at first sight as a stream's only event): the refusal is read, so the checks see the method refused, and
 * the missing envelope is kept among the invalid events for streaming.events-well-formed.
 */
function bareError(value: unknown): RpcError | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const env = value as Envelope;
  if ("result" in env || "jsonrpc" in env) return undefined;
  const err = env.error as Envelope | null;
  if (typeof err !== "object" || err === null || typeof err.code !== "number") return undefined;
  return typeof err.message === "string" ? toRpcError(env) : undefined;
}

function readStream(http: HttpResponse, id: string): RpcOutcome {
  const unframed = unframedResponse(http);
  const events = unframed ? [{ at_ms: http.ms, data: unframed }] : (http.events ?? []);
  const items: StreamItem[] = events.map((event, index) => {
    const parsed = tryParseJson(event.data, http.url);
    if (!parsed.ok)
      return { at_ms: event.at_ms, invalid: unparsedEvent(index + 1, event.data, parsed.error) };
    const problem = envelopeProblem(parsed.value);
    if (problem && isBare(parsed.value))
      return { at_ms: event.at_ms, result: parsed.value, bare: `event ${index + 1}: ${problem}` };
    const refusal = problem ? bareError(parsed.value) : undefined;
    if (problem && refusal)
      return { at_ms: event.at_ms, error: refusal, bare: `event ${index + 1}: ${problem}` };
    if (problem) return { at_ms: event.at_ms, invalid: `event ${index + 1}: ${problem}` };
    const env = parsed.value as Envelope;
    // The HTTP exchange already ties the stream to its request, so an event with a foreign id is still read;
    // the broken echo (JSON-RPC 2.0 §5) is kept for errors.error-envelope to report once.
    const foreign = idEchoProblem(env, id);
    const echo = foreign ? { foreignId: `event ${index + 1}: ${foreign}` } : {};
    return "error" in env
      ? { at_ms: event.at_ms, error: toRpcError(env), ...echo }
      : { at_ms: event.at_ms, result: env.result, ...echo };
  });
  return {
    kind: "stream",
    results: items.flatMap((i) => ("result" in i ? [i.result] : [])),
    errors: items.flatMap((i) => ("error" in i ? [i.error] : [])),
    invalid: [
      ...(unframed ? [UNFRAMED] : []),
      ...items.flatMap((i) => ("invalid" in i ? [i.invalid] : "bare" in i && i.bare ? [i.bare] : [])),
    ],
    items,
    http,
  };
}

const UNFRAMED =
  'the event stream\'s body is one JSON-RPC response without SSE framing (no "data:" line), which no event-stream reader sees';

/**
 * The body of an event stream that holds no event but is one JSON-RPC response as it stands (seen at first
 * sight: a refused resubscription written as bare JSON under text/event-stream). Read leniently it is the
 * request's answer; the missing framing is kept among the invalid events (0.3 §7.2: each SSE `data` field
 * holds a JSON-RPC response), which streaming.events-well-formed and its kin report.
 */
function unframedResponse(http: HttpResponse): string | undefined {
  if ((http.events ?? []).length > 0) return undefined;
  const body = http.body.trim();
  if (!body.startsWith("{")) return undefined;
  const parsed = tryParseJson(body, http.url);
  return parsed.ok && envelopeProblem(parsed.value) === undefined ? body : undefined;
}

const refusedText = "the agent refused the request (authentication); no JSON-RPC response came";

/** Sends one JSON-RPC 2.0 request with a fresh id and reads whatever comes back, JSON or event stream. */
export function callJsonRpc(call: RpcCall): Promise<RpcOutcome> {
  const each: RpcSendOptions = {};
  if (call.signal) each.signal = call.signal;
  if (call.onStreamResult) each.onStreamResult = call.onStreamResult;
  return new PreparedJsonRpc(call).call(call.params, each);
}

/**
 * Request ids unique within this process and, by their random prefix, across processes: a counter is
 * cheaper than a UUID per request, and JSON-RPC 2.0 §4 asks only that the client pick one.
 */
const requestIdPrefix = randomUUID().slice(0, 13);
let requestCount = 0;

function nextRequestId(): string {
  requestCount += 1;
  return `${requestIdPrefix}-${requestCount}`;
}

/** What one call of a prepared method may set apart from the rest. */
export interface RpcSendOptions {
  signal?: AbortSignal;
  onStreamResult?: StreamResultListener;
}

/**
 * One method at one endpoint with fixed headers, called any number of times with params of its own
 * and a fresh id each time; the HTTP request under it is prepared once (see PreparedHttpRequest).
 */
export class PreparedJsonRpc {
  readonly #method: string;
  readonly #quietMs: QuietLimit;
  readonly #http: PreparedHttpRequest;
  /** `"method":"…"`, escaped once. */
  readonly #methodMember: string;
  /** What a call without a live listener sends with, for the last signal seen: the same for every such call. */
  #quiet: [AbortSignal | undefined, SendOptions] | undefined;

  constructor(call: Omit<RpcCall, "params" | "signal" | "onStreamResult">) {
    this.#method = call.method;
    this.#quietMs = call.quietMs ?? call.timeoutMs;
    this.#methodMember = `"method":${JSON.stringify(call.method)}`;
    const options: PreparedRequestOptions = {
      method: "POST",
      url: call.url,
      headers: {
        "Content-Type": "application/json",
        // One media type per method, as the SDK clients send: an agent that picks its reply by the Accept
        // header (seen at first sight) streams a message/send that also accepted text/event-stream.
        Accept: answersWithEvents(call.method) ? "text/event-stream" : "application/json",
        ...call.headers,
      },
      timeoutMs: call.timeoutMs,
      policy: call.policy,
      label: call.method,
      ...(call.maxBytes ? { maxBytes: call.maxBytes } : {}),
    };
    if (call.traffic) options.traffic = call.traffic;
    if (call.rateLimit) options.rateLimit = call.rateLimit;
    this.#http = new PreparedHttpRequest(options);
  }

  #quietSend(signal: AbortSignal | undefined): SendOptions {
    const last = this.#quiet;
    if (last && last[0] === signal) return last[1];
    const send = withSignal({ idleMs: this.#quietMs }, signal);
    this.#quiet = [signal, send];
    return send;
  }

  call(params?: unknown, each: RpcSendOptions = {}): Promise<RpcOutcome> {
    return this.callJson(params === undefined ? undefined : JSON.stringify(params), each);
  }

  /** Like call, with the params already as JSON text (a caller that repeats one request lays it out once). */
  callJson(paramsJson: string | undefined, each: RpcSendOptions = {}): Promise<RpcOutcome> {
    const id = nextRequestId();
    // The envelope's fixed members are laid out once; the id is ours and needs no escaping.
    const body =
      paramsJson === undefined
        ? `{"jsonrpc":"2.0","id":"${id}",${this.#methodMember}}`
        : `{"jsonrpc":"2.0","id":"${id}",${this.#methodMember},"params":${paramsJson}}`;
    const listener = each.onStreamResult;
    let events = 0;
    const send = listener
      ? withSignal(
          { idleMs: this.#quietMs, onEvent: (e) => forwardResult(e.data, listener, ++events) },
          each.signal,
        )
      : this.#quietSend(each.signal);
    return this.#http.send(body, send).then((http) => readReply(http, id), unreachable);
  }
}

/** A request that never got a response is an outcome of its own; anything else is Plainwright's bug. */
function unreachable(error: unknown): RpcOutcome {
  if (error instanceof NetError) return { kind: "unreachable", error };
  throw error;
}

function withSignal(stream: StreamOptions, signal: AbortSignal | undefined): SendOptions {
  return signal ? { stream, signal } : { stream };
}

/** The outcome of one JSON-RPC reply: an event stream, a JSON text sequence, or one response. */
function readReply(http: HttpResponse, id: string): RpcOutcome {
  if (http.contentType === "text/event-stream") return readStream(http, id);
  const parsed = tryParseJson(http.body, http.url);
  const sequence = parsed.ok ? undefined : (jsonTextSequence(http.body) ?? sseDataInBody(http.body));
  if (sequence)
    return readStream({ ...http, events: sequence.map((data) => ({ at_ms: http.ms, data })) }, id);
  // A 401/403 without a JSON-RPC body is the HTTP layer refusing the caller, not a malformed reply.
  const refused = http.status === 401 || http.status === 403;
  if (refused && (!parsed.ok || envelopeProblem(parsed.value)))
    return { kind: "invalid", reason: `HTTP ${http.status}: ${refusedText}`, http };
  if (!parsed.ok) {
    const type = http.contentType || "no content type";
    return {
      kind: "invalid",
      reason: `HTTP ${http.status} ${type} reply is not JSON: ${parsed.error.message}`,
      http,
    };
  }
  const problem = envelopeProblem(parsed.value);
  if (problem) return { kind: "invalid", reason: `HTTP ${http.status}: ${problem}`, http };
  const env = parsed.value as Envelope;
  return "error" in env
    ? { kind: "error", error: toRpcError(env), http }
    : { kind: "result", result: env.result, http };
}

/**
 * A body of several JSON values back to back (RFC 7464 JSON text sequences with 0x1E separators, or one value
 * a line): some agents answer message/stream that way instead of text/event-stream. Reading it as the events it
 * carries lets the stream's content be judged; streaming.content-type reports the framing once.
 */
function jsonTextSequence(body: string): string[] | undefined {
  const parts = body
    .split(/[\x1e\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (parts.length < 2) return undefined;
  return parts.every((part) => tryParseJson(part, "").ok) ? parts : undefined;
}

/**
 * Hands each streamed result to the live listener as it arrives. A record separator (0x1E) before the JSON is
 * skipped here so that the suite can still act on the task (cancel it, subscribe to it); the events as
 * recorded keep the byte, and streaming.events-well-formed judges it.
 */
/**
 * Passes one arriving event's result to the live listener; a bare payload (see isBare) goes too, told as
 * unframed, so that a check that stops reading early still knows the frame was broken.
 */
function forwardResult(data: string, listener: StreamResultListener | undefined, index: number): void {
  const stray = /^\x1e/.test(data) ? true : undefined;
  const parsed = tryParseJson(data.replace(/^\x1e+/, ""), "");
  if (!parsed.ok) return;
  if (typeof parsed.value === "object" && parsed.value !== null && "result" in parsed.value)
    listener?.((parsed.value as Envelope).result, undefined, stray);
  else if (isBare(parsed.value))
    listener?.(parsed.value, `event ${index}: ${envelopeProblem(parsed.value) ?? "no JSON-RPC envelope"}`);
}

/** One line describing an outcome that is not a result, for failure reasons. */
export function describeOutcome(outcome: RpcOutcome): string {
  switch (outcome.kind) {
    case "result":
      return "a result";
    case "error":
      return `JSON-RPC error ${outcome.error.code}: ${outcome.error.message}`;
    case "stream":
      return `an event stream of ${outcome.results.length} result(s)`;
    case "invalid":
      return outcome.reason;
    case "unreachable":
      return outcome.error.message;
  }
}
