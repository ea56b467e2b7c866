import { NetError } from "./errors.js";
import { runHop } from "./http-hop.js";
import type { HopRequest, HopResult, StreamEnd, StreamOptions, TimedSseEvent } from "./http-hop.js";
import { checkLiteralUrl, checkUrl } from "./outbound-policy.js";
import type { CheckedAddress, OutboundPolicy } from "./outbound-policy.js";
import type { TrafficHandle, TrafficLog, TrafficRequest } from "./traffic.js";
import { formatSeconds } from "./units.js";
import { USER_AGENT } from "./version.js";

export interface HttpRequestOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole request until the body has arrived (for streams: until the response starts), redirects included. */
  timeoutMs: number;
  /** Cap on each response body, in bytes (default 10 MiB). */
  maxBytes?: number;
  policy: OutboundPolicy;
  traffic?: TrafficLog;
  /** Names the exchange in the traffic log, e.g. "card" or "message/send". */
  label?: string;
  maxRedirects?: number;
  /** Default: true for GET, false otherwise. */
  followRedirects?: boolean;
  /** Read a text/event-stream response event by event instead of waiting for it to end. */
  stream?: StreamOptions;
  signal?: AbortSignal;
}

export interface HttpResponse {
  /** The final URL, after redirects. */
  url: string;
  /** Each URL that answered with a redirect, in order. */
  redirects: string[];
  status: number;
  /** Lower-case header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Lower-case media type without parameters; "" when there is no Content-Type. */
  contentType: string;
  /** The body as UTF-8 text; for a stream, the raw text read. */
  body: string;
  bytes: number;
  ms: number;
  /** Present when the response was text/event-stream and `stream` was given. */
  events?: TimedSseEvent[];
  streamEnd?: StreamEnd;
  /** The traffic entry of the final hop. */
  trafficId?: string;
}

export type { StreamEnd, StreamEndReason, StreamOptions, TimedSseEvent } from "./http-hop.js";

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = new Set(["authorization", "proxy-authorization", "cookie"]);
const BODY_HEADERS = new Set(["content-type", "content-length", "content-encoding"]);

interface Hop {
  url: string;
  /** `url` parsed, when it parses (a string that does not is refused by the policy check). */
  parsed?: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

interface Budget {
  started: number;
  deadline: number;
  opts: HttpRequestOptions;
}

/**
 * The one HTTP client of Plainwright: every hop checked by the outbound policy before connecting,
 * redirects bounded, bodies capped while reading, the whole exchange timed out and recorded.
 */
export async function httpRequest(opts: HttpRequestOptions): Promise<HttpResponse> {
  const started = performance.now();
  const budget: Budget = { started, deadline: started + opts.timeoutMs, opts };
  const method = (opts.method ?? "GET").toUpperCase();
  const follow = opts.followRedirects ?? method === "GET";
  let hop: Hop = { ...parsedUrl(opts.url), method, headers: defaultHeaders(opts.headers, opts.body) };
  if (opts.body !== undefined) hop.body = opts.body;
  const visited = new Set<string>();
  const redirects: string[] = [];
  for (;;) {
    visited.add(hop.url);
    const { result, trace } = await sendHop(hop, budget);
    if (!follow || !REDIRECT_STATUSES.has(result.status)) {
      trace?.end({ body: result.body, truncated: result.truncated });
      return toResponse(hop.url, redirects, result, budget, trace);
    }
    const next = nextHop(hop, result, {
      visited,
      redirects,
      max: opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    });
    if (next instanceof NetError) {
      trace?.fail({ rule: next.rule, message: next.message }, { body: result.body });
      throw next;
    }
    trace?.end({ body: result.body });
    redirects.push(hop.url);
    hop = next;
  }
}

async function sendHop(hop: Hop, budget: Budget): Promise<{ result: HopResult; trace?: TrafficHandle }> {
  const { opts } = budget;
  // Built field by field rather than spread: this runs for every request of a load run.
  const recorded: TrafficRequest = { method: hop.method, url: hop.url, headers: hop.headers };
  if (hop.body !== undefined) recorded.body = hop.body;
  if (opts.label !== undefined) recorded.label = opts.label;
  const trace = opts.traffic?.start(recorded);
  let target: CheckedAddress;
  const url = hop.parsed ?? parsedUrl(hop.url).parsed;
  try {
    // An IP address is judged at once; only a name waits on DNS, inside the time budget.
    target = (url && checkLiteralUrl(url, opts.policy)) ?? (await checkWithin(hop.url, budget));
  } catch (error) {
    if (error instanceof NetError) trace?.fail({ rule: error.rule, message: error.message });
    throw error;
  }
  const request: HopRequest = {
    method: hop.method,
    url: url ?? new URL(hop.url),
    headers: hop.headers,
    target,
    timeoutMs: Math.max(0, budget.deadline - performance.now()),
    totalMs: opts.timeoutMs,
    maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES,
  };
  if (hop.body !== undefined) request.body = hop.body;
  if (opts.stream) request.stream = opts.stream;
  if (opts.signal) request.signal = opts.signal;
  if (trace) request.trace = trace;
  const result = await runHop(request);
  return trace ? { result, trace } : { result };
}

/** Runs the policy check (which may wait on DNS) inside the request's time budget and abort signal. */
async function checkWithin(url: string, budget: Budget): Promise<CheckedAddress> {
  const { signal, timeoutMs, policy } = budget.opts;
  if (signal?.aborted)
    throw new NetError("aborted", url, `the request to ${url} was cancelled by the caller`);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const limit = new Promise<never>((_, reject) => {
    const message = `no complete response from ${url} within ${formatSeconds(timeoutMs)} (still resolving the host)`;
    timer = setTimeout(
      () => reject(new NetError("timeout.total", url, message)),
      budget.deadline - performance.now(),
    );
    onAbort = () => reject(new NetError("aborted", url, `the request to ${url} was cancelled by the caller`));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([checkUrl(url, policy), limit]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}

function nextHop(
  hop: Hop,
  result: HopResult,
  chain: { visited: Set<string>; redirects: string[]; max: number },
): Hop | NetError {
  const location = result.headers.location;
  if (!location) {
    return new NetError(
      "redirect.invalid",
      hop.url,
      `${hop.url} answered ${result.status} without a Location header`,
    );
  }
  let next: string;
  try {
    next = parsedUrl(new URL(location, hop.url).href).url;
  } catch {
    const message = `${hop.url} answered ${result.status} with an unusable Location "${location.slice(0, 200)}"`;
    return new NetError("redirect.invalid", hop.url, message);
  }
  if (chain.visited.has(next)) {
    return new NetError("redirect.loop", next, `redirect loop: ${hop.url} redirected back to ${next}`);
  }
  if (chain.redirects.length >= chain.max) {
    const message = `more than ${chain.max} redirects; ${hop.url} redirected again, to ${next}`;
    return new NetError("redirect.limit", next, message);
  }
  return redirectedHop(hop, next, result.status);
}

/** The request to send to a redirect target, following the Fetch standard's method and header rules. */
function redirectedHop(hop: Hop, next: string, status: number): Hop {
  const becomesGet =
    status === 303 ? hop.method !== "HEAD" : (status === 301 || status === 302) && hop.method === "POST";
  // Credentials the user gave for one origin must not be handed to another one a server points at.
  const crossOrigin = new URL(next).origin !== new URL(hop.url).origin;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(hop.headers)) {
    const lower = name.toLowerCase();
    if (crossOrigin && CREDENTIAL_HEADERS.has(lower)) continue;
    if (becomesGet && BODY_HEADERS.has(lower)) continue;
    headers[name] = value;
  }
  const redirected: Hop = { url: next, method: becomesGet ? "GET" : hop.method, headers };
  if (!becomesGet && hop.body !== undefined) redirected.body = hop.body;
  return redirected;
}

function defaultHeaders(
  given: Record<string, string> | undefined,
  body: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { ...given };
  let hasAgent = false;
  let hasLength = false;
  for (const name in headers) {
    const lower = name.toLowerCase();
    if (lower === "user-agent") hasAgent = true;
    else if (lower === "content-length") hasLength = true;
  }
  if (!hasAgent) headers["user-agent"] = USER_AGENT;
  if (body !== undefined && !hasLength) headers["content-length"] = String(Buffer.byteLength(body));
  return headers;
}

/** The URL as sent and compared for loops: normalised, without its fragment (never sent on the wire). */
function parsedUrl(url: string): { url: string; parsed?: URL } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Left as given: the policy check refuses it with a message that quotes it.
    return { url };
  }
  parsed.hash = "";
  return { url: parsed.href, parsed };
}

function toResponse(
  url: string,
  redirects: string[],
  result: HopResult,
  budget: Budget,
  trace: TrafficHandle | undefined,
): HttpResponse {
  const response: HttpResponse = {
    url,
    redirects,
    status: result.status,
    headers: result.headers,
    contentType: result.contentType,
    body: result.body,
    bytes: result.bytes,
    ms: Math.round((performance.now() - budget.started) * 10) / 10,
  };
  if (result.events) response.events = result.events;
  if (result.streamEnd) response.streamEnd = result.streamEnd;
  if (trace) response.trafficId = trace.id;
  return response;
}
