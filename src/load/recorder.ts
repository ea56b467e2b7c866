import type {
  LoadDrift,
  LoadErrorCount,
  LoadErrorKind,
  LoadSlice,
  LoadTick,
  LoadWindow,
  LatencySummary,
} from "../model/load.js";
import { loadErrorKinds } from "../model/load.js";
import { LatencyHistogram } from "./histogram.js";
import type { ProbeError, ProbeResult } from "./probe.js";

/** Distinct error keys kept with their example; more are counted under "(other)" of their kind. */
const MAX_ERROR_KEYS = 50;
/** The timeline in a result has at most this many slices; longer runs merge neighbouring seconds. */
const MAX_TIMELINE_SLICES = 600;
const TOP_ERRORS = 20;

const round = (n: number) => Math.round(n * 100) / 100;

/** A span of time whose requests are summarised once it is over (one second, or one drift window). */
class Span {
  readonly latency = new LatencyHistogram();
  completed = 0;
  errors = 0;

  add(result: ProbeResult): void {
    this.completed += 1;
    if (result.error) this.errors += 1;
    else this.latency.record(result.latencyMs);
  }

  /** Adds a span that lies inside this one. */
  addSpan(other: Span): void {
    this.completed += other.completed;
    this.errors += other.errors;
    if (other.latency.count > 0) this.latency.add(other.latency);
  }

  clear(): void {
    this.latency.reset();
    this.completed = 0;
    this.errors = 0;
  }
}

/**
 * Everything a load run measures, in memory that does not grow with the number of requests: HDR
 * histograms for latency, time to first event and time to terminal state; counts by error kind; one
 * small summary per second (the timeline) and per window (drift). Latency percentiles are of the
 * requests that succeeded; failures are counted, by kind, and their time is not mixed in.
 */
export class LoadRecorder {
  /**
   * The latency of the seconds closed so far. A request's latency is recorded once, in its second's
   * histogram, which is added here and to its window when the second closes: one HDR record per request
   * rather than three, at tens of thousands of requests a second.
   */
  readonly #closedLatency = new LatencyHistogram();
  readonly firstEvent = new LatencyHistogram();
  /** Time to a terminal state, of the successful requests that reached one (see terminalSummary). */
  readonly #terminal = new LatencyHistogram();
  /**
   * Whether every successful request so far reached its terminal state with its reply (a send answered with
   * a finished task): then time to terminal is the latency, recorded once, and `#terminal` is filled from
   * `latency` on the first request for which that does not hold.
   */
  #terminalIsLatency = true;
  completed = 0;
  failed = 0;
  unsettled = 0;
  readonly #errors = new Map<string, LoadErrorCount>();
  readonly #seconds: LoadSlice[] = [];
  readonly #second = new Span();
  #secondIndex = 0;
  readonly #windows: LoadWindow[] = [];
  readonly #window = new Span();
  #windowIndex = 0;
  #lastTickCompleted = 0;

  readonly #secondsPerWindow: number;

  /** `start` is the clock time the sending began; `windowMs` the length of a drift window, whole seconds. */
  constructor(
    readonly start: number,
    readonly windowMs: number,
  ) {
    this.#secondsPerWindow = windowMs / 1000;
    if (!Number.isInteger(this.#secondsPerWindow) || this.#secondsPerWindow < 1)
      throw new RangeError(`a drift window is whole seconds, not ${windowMs} ms`);
  }

  /** The latency of every successful request so far. */
  get latency(): LatencyHistogram {
    const open = this.#second.latency;
    if (open.count === 0) return this.#closedLatency;
    const all = new LatencyHistogram();
    all.add(this.#closedLatency);
    all.add(open);
    return all;
  }

  /** Records one finished request at clock time `at` (times only move forward). */
  record(result: ProbeResult, at: number): void {
    this.#advance(at);
    this.completed += 1;
    if (result.error) {
      this.failed += 1;
      this.#countError(result.error);
    } else {
      if (this.#terminalIsLatency && result.terminalMs !== result.latencyMs) {
        this.#terminalIsLatency = false;
        // Every earlier request reached its terminal state with its reply; this one's is recorded below.
        this.#terminal.add(this.latency);
      }
      if (!this.#terminalIsLatency && result.terminalMs !== undefined)
        this.#terminal.record(result.terminalMs);
    }
    if (result.firstEventMs !== undefined) this.firstEvent.record(result.firstEventMs);
    if (result.unsettled) this.unsettled += 1;
    this.#second.add(result);
  }

  /** Time to a terminal state of the successful requests that reached one. */
  terminalSummary(): LatencySummary {
    return (this.#terminalIsLatency ? this.latency : this.#terminal).summary();
  }

  /** The live view's figures at clock time `now`. */
  tick(now: number, inFlight: number): LoadTick {
    this.#advance(now);
    const lastSecond = this.completed - this.#lastTickCompleted;
    this.#lastTickCompleted = this.completed;
    const latency = this.latency;
    return {
      elapsed_s: Math.round((now - this.start) / 100) / 10,
      last_second: lastSecond,
      completed: this.completed,
      in_flight: inFlight,
      errors: this.failed,
      p50_ms: latency.percentile(50),
      p99_ms: latency.percentile(99),
    };
  }

  /** Closes the second and window in progress at clock time `end`. */
  finish(end: number): void {
    this.#advance(end);
    this.#closeSecond();
    this.#closeWindow();
  }

  #advance(at: number): void {
    const second = Math.floor(Math.max(0, at - this.start) / 1000);
    // Seconds with nothing finished are still slices: the plot shows the stall. A window ends with its last second.
    while (this.#secondIndex < second) {
      this.#closeSecond();
      this.#secondIndex += 1;
      if (this.#secondIndex % this.#secondsPerWindow === 0) {
        this.#closeWindow();
        this.#windowIndex += 1;
      }
    }
  }

  #closeSecond(): void {
    const s = this.#second;
    this.#seconds.push({
      at_s: this.#secondIndex,
      width_s: 1,
      completed: s.completed,
      errors: s.errors,
      p50_ms: s.latency.percentile(50),
      p99_ms: s.latency.percentile(99),
      max_ms: s.latency.maxMs,
    });
    if (s.latency.count > 0) this.#closedLatency.add(s.latency);
    this.#window.addSpan(s);
    s.clear();
  }

  #closeWindow(): void {
    const w = this.#window;
    if (w.completed > 0) {
      const summary = w.latency.summary();
      this.#windows.push({
        from_s: round((this.#windowIndex * this.windowMs) / 1000),
        to_s: round(((this.#windowIndex + 1) * this.windowMs) / 1000),
        completed: w.completed,
        errors: w.errors,
        p50_ms: summary.p50_ms,
        p90_ms: summary.p90_ms,
        p99_ms: summary.p99_ms,
        max_ms: summary.max_ms,
      });
    }
    w.clear();
  }

  #countError(error: ProbeError): void {
    const id = `${error.kind}\u0000${error.key}`;
    const known = this.#errors.get(id);
    if (known) {
      known.count += 1;
      return;
    }
    const overflow = this.#errors.size >= MAX_ERROR_KEYS;
    const key = overflow ? "(other)" : error.key;
    const slot = overflow ? `${error.kind}\u0000(other)` : id;
    const existing = this.#errors.get(slot);
    if (existing) existing.count += 1;
    else
      this.#errors.set(slot, {
        kind: error.kind,
        key,
        count: 1,
        example: error.message.slice(0, 300),
        ...(error.trafficId ? { traffic_id: error.trafficId } : {}),
      });
  }

  /** Failures by kind, every kind present (0 when none). */
  errorsByKind(): Record<LoadErrorKind, number> {
    const counts = Object.fromEntries(loadErrorKinds.map((k) => [k, 0])) as Record<LoadErrorKind, number>;
    for (const e of this.#errors.values()) counts[e.kind] += e.count;
    return counts;
  }

  /** The most frequent failures first. */
  topErrors(): LoadErrorCount[] {
    return [...this.#errors.values()].sort((a, b) => b.count - a.count).slice(0, TOP_ERRORS);
  }

  /** The timeline, merged to at most 600 slices. */
  timeline(): LoadSlice[] {
    return mergeSlices(this.#seconds, Math.ceil(this.#seconds.length / MAX_TIMELINE_SLICES));
  }

  windows(): LoadWindow[] {
    return [...this.#windows];
  }

  /**
   * First window against last, once there are two whole windows at full load: windows in the ramp (load still
   * growing) and windows that run past the end of sending (the drain, load falling) would compare unlike loads.
   */
  drift(rampEndS: number, sendingEndS: number): LoadDrift | undefined {
    const usable = this.#windows.filter((w) => w.from_s >= rampEndS && w.to_s <= sendingEndS + 0.05);
    const first = usable[0];
    const last = usable.at(-1);
    if (!first || !last || first === last) return undefined;
    const ratio = (a: number, b: number) => (b > 0 ? round(a / b) : a > 0 ? null : 1);
    return {
      first,
      last,
      p50_ratio: ratio(last.p50_ms, first.p50_ms),
      p99_ratio: ratio(last.p99_ms, first.p99_ms),
      error_rate_change: round(last.errors / last.completed - first.errors / first.completed),
    };
  }
}

/** Merges every `k` neighbouring slices: counts add up, p50 is weighted by completed requests, p99 and max take the highest. */
export function mergeSlices(slices: readonly LoadSlice[], k: number): LoadSlice[] {
  if (k <= 1) return [...slices];
  const merged: LoadSlice[] = [];
  for (let i = 0; i < slices.length; i += k) {
    const group = slices.slice(i, i + k);
    const completed = group.reduce((n, s) => n + s.completed, 0);
    const ok = group.reduce((n, s) => n + (s.completed - s.errors), 0);
    merged.push({
      at_s: group[0]?.at_s ?? 0,
      width_s: group.reduce((n, s) => n + s.width_s, 0),
      completed,
      errors: group.reduce((n, s) => n + s.errors, 0),
      p50_ms: ok === 0 ? 0 : round(group.reduce((n, s) => n + s.p50_ms * (s.completed - s.errors), 0) / ok),
      p99_ms: Math.max(0, ...group.map((s) => s.p99_ms)),
      max_ms: Math.max(0, ...group.map((s) => s.max_ms)),
    });
  }
  return merged;
}
