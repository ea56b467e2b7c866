import type { TrafficEntry, TrafficEvent } from "../model/traffic.js";
import { Redactor } from "./redact.js";
import { RunTrace } from "./trace-context.js";

export interface TrafficRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  label?: string;
  /** When the request started, on performance.now()'s scale; now when absent. */
  startedAt?: number;
  /** False when the caller sends a traceparent of its own: the exchange then gets no span of the run. */
  traced?: boolean;
}

/** How an exchange finished: the body read (the log caps and redacts it) and whether the reader cut it short. */
export interface TrafficOutcome {
  body?: string;
  truncated?: boolean;
}

export type TrafficPhase = "request" | "response" | "event" | "end";
/**
 * Hears an exchange as it progresses. For an `event` phase `eventData` is the event that just arrived, redacted
 * and whole: the entry keeps a capped copy (and none past MAX_EVENT_CHARS), a live viewer shows what came.
 */
export type TrafficListener = (entry: TrafficEntry, phase: TrafficPhase, eventData?: string) => void;

const DEFAULT_MAX_BODY_CHARS = 64 * 1024;
/** The event data one exchange keeps: enough for any real reply, bounded for a stream that never ends. */
const MAX_EVENT_CHARS = 256 * 1024;

/**
 * A bound on what a log keeps, for runs of many requests (load and soak): the first `first` exchanges,
 * then only those that failed (an error or an HTTP status of 400 or more), at most `failures`, plus any
 * the caller asks to keep with `keep(id)` while the exchange is still among the last `recent` ended.
 * The rest are counted, not stored, so memory does not grow with the number of requests.
 */
export interface TrafficRetention {
  first: number;
  failures: number;
  recent: number;
}

/**
 * The last header set redacted and its redacted copy: a run sends one header set over and over, and an
 * agent that repeats its response head byte for byte hands back the same parsed headers. Entries share the
 * copy; nothing changes a recorded header set in place (redactEntry replaces it).
 */
class LastRedactedHeaders {
  #last: [Record<string, string>, Record<string, string>] | undefined;

  constructor(readonly redactor: Redactor) {}

  of(headers: Record<string, string>): Record<string, string> {
    const last = this.#last;
    if (last?.[0] === headers) return last[1];
    const redacted = this.redactor.headers(headers);
    this.#last = [headers, redacted];
    return redacted;
  }

  /** After a secret is added the copies made before it may hold it. */
  forget(): void {
    this.#last = undefined;
  }
}

interface LogInternals {
  redactor: Redactor;
  requestHeaders: LastRedactedHeaders;
  responseHeaders: LastRedactedHeaders;
  maxBodyChars: number;
  /** Wire messages by exchange id, when the log keeps them (a recording); undefined otherwise. */
  wire: Map<string, Buffer[]> | undefined;
  emit(entry: TrafficEntry, phase: TrafficPhase, eventData?: string): void;
  ended(entry: TrafficEntry): void;
}

/** Records one exchange as it happens; every method after end() or fail() is ignored. */
export class TrafficHandle {
  readonly id: string;
  /** The traceparent header this exchange carries on the wire, when it is a span of the run's trace. */
  readonly traceparent: string | undefined;
  readonly #entry: TrafficEntry;
  readonly #log: LogInternals;
  readonly #started: number;
  #done = false;
  #eventChars = 0;

  /** @internal Use TrafficLog.start. */
  constructor(entry: TrafficEntry, log: LogInternals, startedAt: number, traceparent?: string) {
    this.id = entry.id;
    this.traceparent = traceparent;
    this.#entry = entry;
    this.#log = log;
    this.#started = startedAt;
  }

  /** Milliseconds since the request started, until `now` (performance.now()'s scale). */
  elapsed(now = performance.now()): number {
    return Math.round((now - this.#started) * 10) / 10;
  }

  /** Records the status line and headers. */
  response(status: number, headers: Record<string, string>): void {
    if (this.#done) return;
    this.#entry.status = status;
    this.#entry.response_headers = this.#log.responseHeaders.of(headers);
    this.#entry.ms = this.elapsed();
    this.#log.emit(this.#entry, "response");
  }

  /**
   * Records one stream event as it arrives. An endless or flooding stream is kept to its first
   * MAX_EVENT_CHARS of event data; later events are counted (events_omitted), not kept.
   */
  event(event: { event?: string; id?: string; data: string }, atMs = this.elapsed()): void {
    if (this.#done) return;
    if (this.#eventChars >= MAX_EVENT_CHARS) {
      this.#entry.events_omitted = (this.#entry.events_omitted ?? 0) + 1;
      this.#log.emit(this.#entry, "event", event.data);
      return;
    }
    const recorded: TrafficEvent = { at_ms: atMs, data: capText(this.#log, event.data).text };
    this.#eventChars += recorded.data.length;
    if (event.event !== undefined) recorded.event = this.#log.redactor.text(event.event);
    if (event.id !== undefined) recorded.id = this.#log.redactor.text(event.id);
    (this.#entry.events ??= []).push(recorded);
    this.#log.emit(this.#entry, "event", event.data);
  }

  /**
   * Keeps a response message's bytes as they came (a gRPC reply, or one stream message), in order, when
   * the log keeps wire messages: a recording replays them as the agent sent them.
   */
  wire(bytes: Buffer): void {
    if (this.#done) return;
    const kept = this.#log.wire;
    if (!kept) return;
    const list = kept.get(this.id);
    if (list) list.push(bytes);
    else kept.set(this.id, [bytes]);
  }

  /** Records a completed exchange, ended at `now` (performance.now()'s scale) when the caller has read the clock. */
  end(outcome: TrafficOutcome = {}, now?: number): void {
    this.#finish(outcome, now);
  }

  /** Records a failed or refused exchange, with whatever body had arrived. */
  fail(error: { rule?: string; message: string }, outcome: TrafficOutcome = {}): void {
    if (this.#done) return;
    const recorded: { rule?: string; message: string } = { message: this.#log.redactor.url(error.message) };
    if (error.rule !== undefined) recorded.rule = error.rule;
    this.#entry.error = recorded;
    this.#finish(outcome);
  }

  #finish(outcome: TrafficOutcome, now?: number): void {
    if (this.#done) return;
    this.#done = true;
    if (outcome.body !== undefined) {
      const capped = capText(this.#log, outcome.body);
      this.#entry.response_body = capped.text;
      if (capped.truncated || outcome.truncated) this.#entry.body_truncated = true;
    } else if (outcome.truncated) {
      this.#entry.body_truncated = true;
    }
    this.#entry.ms = this.elapsed(now);
    this.#log.emit(this.#entry, "end");
    this.#log.ended(this.#entry);
  }
}

/** Redacts then caps; redacting a slice slightly longer than the cap keeps a secret at the edge whole. */
function capText(log: LogInternals, text: string): { text: string; truncated: boolean } {
  const max = log.maxBodyChars;
  if (text.length <= max) return { text: log.redactor.text(text), truncated: false };
  const slice = log.redactor.text(text.slice(0, max + log.redactor.longest));
  return { text: slice.slice(0, max), truncated: true };
}

/** The traffic of one run: redacted, capped, and observable live by the chat and the inspector. */
export class TrafficLog {
  readonly #entries: TrafficEntry[] = [];
  readonly #listeners = new Set<TrafficListener>();
  readonly #internals: LogInternals;
  readonly #retention: TrafficRetention | undefined;
  /** Bounded logs: the last exchanges that ended without being kept, a ring of `retention.recent`. */
  readonly #recent: (TrafficEntry | undefined)[] = [];
  #recentNext = 0;
  /** The entries kept so far, for a constant-time test (a bounded log asks once per exchange). */
  readonly #kept = new WeakSet<TrafficEntry>();
  #keptFailures = 0;
  #dropped = 0;
  #next = 1;

  /** The run's trace: every exchange the log records is a span of it. */
  readonly trace: RunTrace;

  constructor(
    opts: {
      secrets?: string[];
      maxBodyChars?: number;
      retention?: TrafficRetention;
      trace?: RunTrace;
      /** Keep each gRPC response message's bytes (wireOf), for a recording; not redacted, never in entries. */
      keepWire?: boolean;
    } = {},
  ) {
    this.trace = opts.trace ?? new RunTrace();
    const redactor = new Redactor();
    for (const secret of opts.secrets ?? []) redactor.add(secret);
    this.#retention = opts.retention;
    this.#internals = {
      redactor,
      requestHeaders: new LastRedactedHeaders(redactor),
      responseHeaders: new LastRedactedHeaders(redactor),
      maxBodyChars: opts.maxBodyChars ?? DEFAULT_MAX_BODY_CHARS,
      wire: opts.keepWire ? new Map() : undefined,
      emit: (entry, phase, eventData) => this.#emit(entry, phase, eventData),
      ended: (entry) => this.#ended(entry),
    };
  }

  /** Exchanges a bounded log counted but did not keep. */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Bounded logs: keeps an exchange that ended recently (the caller found it failed in a way the log
   * cannot see, such as a reply that breaks the protocol), within the failure budget. True when kept.
   */
  keep(id: string): boolean {
    if (this.#entries.some((e) => e.id === id)) return true;
    const index = this.#recent.findIndex((e) => e?.id === id);
    const entry = this.#recent[index];
    if (!this.#retention || !entry || this.#keptFailures >= this.#retention.failures) return false;
    this.#recent[index] = undefined;
    this.#keptFailures += 1;
    this.#dropped -= 1;
    this.#keep(entry);
    return true;
  }

  /** An entry by id among those kept (and, for bounded logs, the last ones ended); undefined when gone. */
  find(id: string): TrafficEntry | undefined {
    return this.#recent.find((e) => e?.id === id) ?? this.#entries.find((e) => e.id === id);
  }

  #keep(entry: TrafficEntry): void {
    this.#entries.push(entry);
    this.#kept.add(entry);
  }

  #ended(entry: TrafficEntry): void {
    const retention = this.#retention;
    if (!retention || this.#kept.has(entry)) return;
    const failed = entry.error !== undefined || (entry.status ?? 0) >= 400;
    if (failed && this.#keptFailures < retention.failures) {
      this.#keptFailures += 1;
      this.#keep(entry);
      return;
    }
    this.#dropped += 1;
    if (retention.recent <= 0) return;
    this.#recent[this.#recentNext] = entry;
    this.#recentNext = (this.#recentNext + 1) % retention.recent;
  }

  /** Registers a secret value; it is also removed from entries already recorded. */
  addSecret(value: string): void {
    if (!this.#internals.redactor.add(value)) return;
    this.#internals.requestHeaders.forget();
    this.#internals.responseHeaders.forget();
    for (const entry of this.#entries) redactEntry(entry, this.#internals.redactor);
    // The recent ring too: keep() may still move one of its entries into the log.
    for (const entry of this.#recent) if (entry) redactEntry(entry, this.#internals.redactor);
  }

  /** Opens an entry for a request about to be sent. */
  start(req: TrafficRequest): TrafficHandle {
    const redactor = this.#internals.redactor;
    const entry: TrafficEntry = {
      id: `t${this.#next++}`,
      at: isoNow(),
      method: req.method,
      url: redactor.url(req.url),
      request_headers: this.#internals.requestHeaders.of(req.headers),
      ms: 0,
    };
    if (req.label !== undefined) entry.label = req.label;
    if (req.body !== undefined) entry.request_body = capText(this.#internals, req.body).text;
    let traceparent: string | undefined;
    if (req.traced !== false) {
      entry.trace_id = this.trace.traceId;
      entry.span_id = this.trace.nextSpanId();
      traceparent = this.trace.traceparent(entry.span_id);
    }
    // A bounded log keeps its first exchanges from the start; the others are decided when they end.
    if (!this.#retention || this.#next - 1 <= this.#retention.first) this.#keep(entry);
    this.#emit(entry, "request");
    return new TrafficHandle(entry, this.#internals, req.startedAt ?? performance.now(), traceparent);
  }

  /** The response messages an exchange received, as bytes, when the log keeps them (`keepWire`). */
  wireOf(id: string): readonly Buffer[] | undefined {
    return this.#internals.wire?.get(id);
  }

  /** Every entry so far, in the order the requests started. */
  entries(): readonly TrafficEntry[] {
    return this.#entries;
  }

  /** Calls `listener` as entries start, progress and end; returns the function that unsubscribes. */
  onEntry(listener: TrafficListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(entry: TrafficEntry, phase: TrafficPhase, eventData?: string): void {
    // Most logs have no viewer: a load run emits three phases per request to nobody.
    if (this.#listeners.size === 0) return;
    const whole = eventData === undefined ? undefined : this.#internals.redactor.text(eventData);
    for (const listener of this.#listeners) {
      try {
        listener(entry, phase, whole);
      } catch (error) {
        // A broken viewer must not break the request it watches; it is dropped and the failure reported.
        this.#listeners.delete(listener);
        process.emitWarning(`traffic listener failed and was removed: ${String(error)}`);
      }
    }
  }
}

/** The time as an ISO string, made once per millisecond: a load run starts thousands of entries a second. */
let lastIso: [number, string] = [0, new Date(0).toISOString()];
function isoNow(): string {
  const now = Date.now();
  if (lastIso[0] !== now) lastIso = [now, new Date(now).toISOString()];
  return lastIso[1];
}

function redactEntry(entry: TrafficEntry, redactor: Redactor): void {
  entry.url = redactor.url(entry.url);
  entry.request_headers = redactor.headers(entry.request_headers);
  if (entry.request_body !== undefined) entry.request_body = redactor.text(entry.request_body);
  if (entry.response_headers) entry.response_headers = redactor.headers(entry.response_headers);
  if (entry.response_body !== undefined) entry.response_body = redactor.text(entry.response_body);
  for (const event of entry.events ?? []) event.data = redactor.text(event.data);
  if (entry.error) entry.error.message = redactor.text(entry.error.message);
}
