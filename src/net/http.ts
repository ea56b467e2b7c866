import { onAbortUntilReleased } from "./abort-watch.js";
import { NetError } from "./errors.js";
import { planHop, runHop } from "./http-hop.js";
import type { HopRequest, HopResult, StreamEnd, StreamOptions, TimedSseEvent } from "./http-hop.js";
import { checkLiteralUrl, checkUrl } from "./outbound-policy.js";
import type { CheckedAddress, OutboundPolicy } from "./outbound-policy.js";
import type { WirePlan } from "./http1-head.js";
import type { TrafficHandle, TrafficLog, TrafficRequest } from "./traffic.js";
import { hasTraceparent } from "./trace-context.js";
import type { RateLimitGate } from "./rate-limit.js";
import { formatSeconds } from "../view/units.js";
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
  /**
   * The run's gate for agents that limit their rate (src/net/rate-limit.ts): a 429 is waited out and the
   * request sent again. A load run leaves it out: there a 429 is a result to count.
   */
  rateLimit?: RateLimitGate;
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
  /** The caller sends a traceparent of its own: the run's is not added. */
  ownTraceparent?: boolean;
}

/** What one send may set apart from the request it repeats. */
export interface SendOptions {
  signal?: AbortSignal;
  stream?: StreamOptions;
}

interface Budget {
  started: number;
  deadline: number;
  opts: PreparedRequestOptions;
  each: SendOptions;
}

/** A request without the parts each send gives anew (body, abort signal, stream listener). */
export type PreparedRequestOptions = Omit<HttpRequestOptions, "body" | "signal" | "stream">;

/**
 * The one HTTP client of Plainwright: every hop checked by the outbound policy before connecting,
 * redirects bounded, bodies capped while reading, the whole exchange timed out and recorded.
 */
export function httpRequest(opts: HttpRequestOptions): Promise<HttpResponse> {
  const each: SendOptions = {};
  if (opts.signal) each.signal = opts.signal;
  if (opts.stream) each.stream = opts.stream;
  return new PreparedHttpRequest(opts).send(opts.body, each);
}

/**
 * A request sent any number of times, each with a body of its own: a load run repeats one request, and
 * parsing its URL, judging its address and checking its headers once is what lets the generator keep
 * up with the agent. Its first send does that work (a refusal is recorded and thrown, and the next
 * send tries again); the address approved then is kept, so later sends never go where the policy did
 * not look. Redirects are judged hop by hop on every send.
 */
export class PreparedHttpRequest {
  readonly #opts: PreparedRequestOptions;
  readonly #first: Hop;
  #plan: WirePlan | undefined;

  constructor(opts: PreparedRequestOptions) {
    this.#opts = opts;
    const method = (opts.method ?? "GET").toUpperCase();
    const headers = defaultHeaders(opts.headers);
    this.#first = { ...parsedUrl(opts.url), method, headers };
    if (hasTraceparent(headers)) this.#first.ownTraceparent = true;
  }

  send(body?: string, each: SendOptions = {}): Promise<HttpResponse> {
    const gate = this.#opts.rateLimit;
    if (!gate) return this.#sendOnce(body, each);
    return gate.send(this.#first.url, () => this.#sendOnce(body, each), each.signal);
  }

  #sendOnce(body: string | undefined, each: SendOptions): Promise<HttpResponse> {
    const opts = this.#opts;
    const started = performance.now();
    const budget: Budget = { started, deadline: started + opts.timeoutMs, opts, each };
    const first = this.#first;
    const plan = this.#plan;
    const follow = opts.followRedirects ?? first.method === "GET";
    if (plan && first.parsed && !follow) {
      // Approved before and no redirect to follow, as every request of a load run after its first: the
      // same steps as sendHop and finish, as one promise chain rather than two async frames.
      const trace = startTrace(first, body, opts, started);
      return runHop(hopRequest(first.parsed, plan, body, budget, started, trace)).then((result) =>
        finish(first.url, [], result, trace, budget),
      );
    }
    return this.#sendFirst(body, budget, follow);
  }

  async #sendFirst(body: string | undefined, budget: Budget, follow: boolean): Promise<HttpResponse> {
    const first = await sendHop(this.#first, body, budget, this.#plan, budget.started);
    this.#plan = first.plan;
    if (!follow || !REDIRECT_STATUSES.has(first.result.status))
      return finish(this.#first.url, [], first.result, first.trace, budget);
    return this.#follow(first, body, budget);
  }

  /** Follows the redirects after the first hop, each judged by the policy on its own. */
  async #follow(first: SentHop, body: string | undefined, budget: Budget): Promise<HttpResponse> {
    let hop: Hop = body === undefined ? this.#first : { ...this.#first, body };
    let sent = first;
    const visited = new Set<string>([hop.url]);
    const redirects: string[] = [];
    const max = budget.opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    for (;;) {
      if (!REDIRECT_STATUSES.has(sent.result.status))
        return finish(hop.url, redirects, sent.result, sent.trace, budget);
      const { result, trace } = sent;
      const next = nextHop(hop, result, { visited, redirects, max });
      if (next instanceof NetError) {
        trace?.fail({ rule: next.rule, message: next.message }, { body: result.body });
        throw next;
      }
      trace?.end({ body: result.body });
      redirects.push(hop.url);
      hop = next;
      visited.add(hop.url);
      sent = await sendHop(hop, hop.body, budget, undefined, performance.now());
    }
  }
}

interface SentHop {
  result: HopResult;
  plan: WirePlan;
  trace?: TrafficHandle;
}

/** The response of the last hop, its traffic entry ended. */
function finish(
  url: string,
  redirects: string[],
  result: HopResult,
  trace: TrafficHandle | undefined,
  budget: Budget,
): HttpResponse {
  const now = performance.now();
  trace?.end({ body: result.body, truncated: result.truncated }, now);
  return toResponse(url, redirects, result, budget, trace, now);
}

/** Opens the traffic entry of a hop starting `now`. */
function startTrace(hop: Hop, body: string | undefined, opts: PreparedRequestOptions, now: number) {
  if (!opts.traffic) return undefined;
  // Built field by field rather than spread: this runs for every request of a load run.
  const recorded: TrafficRequest = { method: hop.method, url: hop.url, headers: hop.headers, startedAt: now };
  if (hop.ownTraceparent) recorded.traced = false;
  if (body !== undefined) recorded.body = body;
  if (opts.label !== undefined) recorded.label = opts.label;
  return opts.traffic.start(recorded);
}

/** The exchange of an approved, planned hop starting `now`, within what is left of the budget. */
function hopRequest(
  url: URL,
  plan: WirePlan,
  body: string | undefined,
  budget: Budget,
  now: number,
  trace: TrafficHandle | undefined,
): HopRequest {
  const { opts, each } = budget;
  const request: HopRequest = {
    url,
    plan,
    startedAt: now,
    // Whole milliseconds: Node keeps one timer list per distinct duration, and a fraction makes each new.
    timeoutMs: Math.max(0, Math.round(budget.deadline - now)),
    totalMs: opts.timeoutMs,
    maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES,
  };
  if (body !== undefined) request.body = body;
  if (each.stream) request.stream = each.stream;
  if (each.signal) request.signal = each.signal;
  if (trace) request.trace = trace;
  return request;
}

/**
 * One hop, starting `now`: recorded, judged by the policy and planned (unless a plan approved before is
 * given), then sent.
 */
async function sendHop(
  hop: Hop,
  body: string | undefined,
  budget: Budget,
  approved: WirePlan | undefined,
  now: number,
): Promise<SentHop> {
  const { opts } = budget;
  const trace = startTrace(hop, body, opts, now);
  const url = hop.parsed ?? parsedUrl(hop.url).parsed;
  let plan = approved;
  if (!plan || !url) {
    try {
      // An IP address is judged at once; only a name waits on DNS, inside the time budget.
      const target = (url && checkLiteralUrl(url, opts.policy)) ?? (await checkWithin(hop.url, budget));
      plan = planHop(url ?? new URL(hop.url), target, hop.method, hop.headers);
    } catch (error) {
      if (error instanceof NetError) trace?.fail({ rule: error.rule, message: error.message });
      throw error;
    }
    // The policy may have waited on DNS.
    now = performance.now();
  }
  const result = await runHop(hopRequest(url ?? new URL(hop.url), plan, body, budget, now, trace));
  return trace ? { result, plan, trace } : { result, plan };
}

/** Runs the policy check (which may wait on DNS) inside the request's time budget and abort signal. */
async function checkWithin(url: string, budget: Budget): Promise<CheckedAddress> {
  const { timeoutMs, policy } = budget.opts;
  const { signal } = budget.each;
  if (signal?.aborted)
    throw new NetError("aborted", url, `the request to ${url} was cancelled by the caller`);
  let timer: NodeJS.Timeout | undefined;
  let release = (): void => undefined;
  const limit = new Promise<never>((_, reject) => {
    const message = `no complete response from ${url} within ${formatSeconds(timeoutMs)} (still resolving the host)`;
    timer = setTimeout(
      () => reject(new NetError("timeout.total", url, message)),
      budget.deadline - performance.now(),
    );
    release = onAbortUntilReleased(signal, () =>
      reject(new NetError("aborted", url, `the request to ${url} was cancelled by the caller`)),
    );
  });
  try {
    return await Promise.race([checkUrl(url, policy), limit]);
  } finally {
    clearTimeout(timer);
    release();
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
  if (hop.ownTraceparent) redirected.ownTraceparent = true;
  if (!becomesGet && hop.body !== undefined) redirected.body = hop.body;
  return redirected;
}

/** The caller's headers and a User-Agent; the wire adds Content-Length for each body it sends. */
function defaultHeaders(given: Record<string, string> | undefined): Record<string, string> {
  const headers: Record<string, string> = { ...given };
  for (const name in headers) if (name.toLowerCase() === "user-agent") return headers;
  headers["user-agent"] = USER_AGENT;
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
  now: number,
): HttpResponse {
  const response: HttpResponse = {
    url,
    redirects,
    status: result.status,
    headers: result.headers,
    contentType: result.contentType,
    body: result.body,
    bytes: result.bytes,
    ms: Math.round((now - budget.started) * 10) / 10,
  };
  if (result.events) response.events = result.events;
  if (result.streamEnd) response.streamEnd = result.streamEnd;
  if (trace) response.trafficId = trace.id;
  return response;
}
