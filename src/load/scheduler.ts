import { setMaxListeners } from "node:events";
import type { Clock } from "./clock.js";

/**
 * When requests start. Closed loop (no rate): `concurrency` workers each send the next request as soon as
 * their last one finished. Open loop (a rate): a token bucket starts requests at the rate whatever the
 * replies do, with at most `concurrency` in flight; a start that finds every slot busy is counted as
 * missed instead of queued, so a slow target cannot hide behind a queue (coordinated omission).
 * Every loop here is bounded: by the duration, by the request count, and by the drain timeout.
 */
export interface ScheduleOptions {
  concurrency: number;
  /** Requests per second (open loop); undefined for a closed loop. */
  ratePerS?: number;
  /** Concurrency (closed) or rate (open) grows linearly from one to full over this long. */
  rampMs: number;
  /** The sending phase ends after this long. */
  durationMs: number;
  /** ...or after this many requests started. */
  requests?: number;
  /** After sending ends, how long requests still in flight are waited for. */
  drainMs: number;
  clock: Clock;
  /** Stops the sending phase early (Ctrl-C). */
  signal?: AbortSignal;
}

/** One request: `index` counts from 0, `scheduledAt` is the clock time it was due. Must not throw. */
export type ScheduledTask = (index: number, scheduledAt: number) => Promise<void>;

export interface ScheduleOutcome {
  started: number;
  completed: number;
  /** Still in flight when the drain timeout ran out. */
  abandoned: number;
  missed: number;
  stoppedBy: "duration" | "requests" | "interrupted";
  /** From the start to the end of the sending phase. */
  sendingMs: number;
  /** Sending and draining. */
  elapsedMs: number;
}

/** The open loop keeps at most this much of the rate (in seconds' worth) as burst to catch up after a late timer. */
const BURST_S = 0.05;

class Run {
  readonly start: number;
  readonly end: number;
  readonly stop = new AbortController();
  /** The open loop's request in flight in each place under its concurrency. */
  readonly slots: (Promise<void> | undefined)[];
  /** Free slots of the open loop. */
  readonly #free: number[];
  inFlight = 0;
  started = 0;
  completed = 0;
  missed = 0;
  stoppedBy: ScheduleOutcome["stoppedBy"] = "duration";
  failure: Error | undefined;
  #stopped = false;

  constructor(
    readonly opts: ScheduleOptions,
    readonly task: ScheduledTask,
  ) {
    this.start = opts.clock.now();
    this.end = this.start + opts.durationMs;
    this.slots = new Array<Promise<void> | undefined>(opts.concurrency).fill(undefined);
    this.#free = Array.from({ length: opts.concurrency }, (_, i) => opts.concurrency - 1 - i);
    // Every worker waiting to join the ramp listens to the stop signal: one listener per worker, by design.
    setMaxListeners(opts.concurrency + 10, this.stop.signal);
  }

  /** Whether sending must end at `now`, and why; the first reason found is kept. */
  stopping(now = this.opts.clock.now()): boolean {
    if (this.#stopped) return true;
    if (this.opts.signal?.aborted) this.halt("interrupted");
    else if (now >= this.end) this.halt("duration");
    return this.#stopped;
  }

  halt(reason: ScheduleOutcome["stoppedBy"]): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.stoppedBy = reason;
    this.stop.abort();
  }

  /** The next request's index, or undefined once the request count is reached. */
  claim(): number | undefined {
    if (this.opts.requests !== undefined && this.started >= this.opts.requests) {
      this.halt("requests");
      return undefined;
    }
    return this.started++;
  }

  readonly #succeeded = (): void => {
    this.inFlight -= 1;
    this.completed += 1;
  };

  readonly #failed = (error: unknown): void => {
    this.inFlight -= 1;
    this.fail(error);
  };

  /** A task that throws is Plainwright's own bug: sending stops and the error is raised after the drain. */
  fail(error: unknown): void {
    this.failure ??= error instanceof Error ? error : new Error(String(error));
    this.halt("interrupted");
  }

  /** A free slot of the open loop, or undefined when `concurrency` requests are in flight. */
  takeSlot(): number | undefined {
    return this.#free.pop();
  }

  /** Starts request `index` in a slot taken by takeSlot and gives the slot back once it settled (never rejects). */
  launchInSlot(index: number, scheduledAt: number, slot: number): void {
    this.inFlight += 1;
    // Handlers shared by every request rather than made for each: a load run starts tens of thousands a second.
    const running = this.task(index, scheduledAt)
      .then(this.#succeeded, this.#failed)
      .then(() => {
        this.slots[slot] = undefined;
        this.#free.push(slot);
      });
    this.slots[slot] = running;
  }
}

/** Closed loop: worker `i` joins at ramp × i / concurrency, then sends back to back until told to stop. */
async function closedWorker(run: Run, worker: number): Promise<void> {
  const { clock, rampMs, concurrency } = run.opts;
  const joinAt = run.start + (rampMs * worker) / concurrency;
  await clock.sleep(Math.min(joinAt, run.end) - clock.now(), run.stop.signal);
  for (let now = clock.now(); !run.stopping(now); now = clock.now()) {
    const index = run.claim();
    if (index === undefined) return;
    // The worker itself is what the drain waits on: one request in flight at a time, awaited here.
    run.inFlight += 1;
    try {
      await run.task(index, now);
      run.completed += 1;
    } catch (error) {
      run.fail(error);
    } finally {
      run.inFlight -= 1;
    }
  }
}

/** The rate at time `now`: from one request a second (or the rate, if lower) up to the full rate over the ramp. */
export function rampedRate(rate: number, rampMs: number, elapsedMs: number): number {
  const floor = Math.min(1, rate);
  if (rampMs <= 0 || elapsedMs >= rampMs) return rate;
  return floor + (rate - floor) * (Math.max(0, elapsedMs) / rampMs);
}

/** Open loop: a token bucket refilled at the (ramped) rate; each token starts a request if a slot is free. */
async function openDispatcher(run: Run, rate: number): Promise<void> {
  const { clock, rampMs } = run.opts;
  const burst = Math.max(1, rate * BURST_S);
  let tokens = 1;
  let last = run.start;
  while (!run.stopping()) {
    const now = clock.now();
    const current = rampedRate(rate, rampMs, now - run.start);
    tokens = Math.min(burst, tokens + (current * (now - last)) / 1000);
    last = now;
    while (tokens >= 1) {
      tokens -= 1;
      const slot = run.takeSlot();
      if (slot === undefined) {
        run.missed += 1;
        continue;
      }
      const index = run.claim();
      if (index === undefined) return;
      run.launchInSlot(index, now, slot);
    }
    const wait = Math.max(1, ((1 - tokens) * 1000) / current);
    await clock.sleep(Math.min(wait, run.end - now), run.stop.signal);
  }
}

/** Resolves once every promise has settled or `ms` has passed, whichever comes first. */
async function within(clock: Clock, promises: Iterable<Promise<void>>, ms: number): Promise<void> {
  const timeUp = new AbortController();
  await Promise.race([Promise.all(promises).then(() => timeUp.abort()), clock.sleep(ms, timeUp.signal)]);
  timeUp.abort();
}

/** Runs the schedule to its end: sending (bounded by time and count), then draining (bounded by time). */
export async function runSchedule(opts: ScheduleOptions, task: ScheduledTask): Promise<ScheduleOutcome> {
  const run = new Run(opts, task);
  const { clock } = opts;
  const onAbort = () => run.halt("interrupted");
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  const senders =
    opts.ratePerS === undefined
      ? Array.from({ length: opts.concurrency }, (_, i) => closedWorker(run, i))
      : [openDispatcher(run, opts.ratePerS)];
  // Sending ends at the duration, at the request count, or on interruption, even while a worker still waits on a reply.
  const sending = Promise.all(senders).then(() => run.halt(run.stoppedBy));
  await Promise.race([sending, clock.sleep(run.end - clock.now(), run.stop.signal)]);
  run.stopping();
  run.halt("duration");
  const sendingMs = clock.now() - run.start;
  // A closed loop's workers end when their last request has; the open loop's requests are in its slots.
  const inFlight =
    opts.ratePerS === undefined
      ? senders
      : run.slots.filter((slot): slot is Promise<void> => slot !== undefined);
  await within(clock, inFlight, opts.drainMs);
  opts.signal?.removeEventListener("abort", onAbort);
  if (run.failure) throw run.failure;
  return {
    started: run.started,
    completed: run.completed,
    abandoned: run.inFlight,
    missed: run.missed,
    stoppedBy: run.stoppedBy,
    sendingMs,
    elapsedMs: clock.now() - run.start,
  };
}
