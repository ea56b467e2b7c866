import type { Clock } from "../clock.js";

interface Sleeper {
  wakeAt: number;
  wake: () => void;
}

/** A clock that only moves when told: sleepers wake in time order as `advance` passes them. */
export class FakeClock implements Clock {
  #now = 0;
  #sleepers: Sleeper[] = [];

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms <= 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const onAbort = () => {
        this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
        resolve();
      };
      const sleeper: Sleeper = {
        wakeAt: this.#now + ms,
        wake: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      this.#sleepers.push(sleeper);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** How many sleepers are waiting. */
  get waiting(): number {
    return this.#sleepers.length;
  }

  /** Moves time forward by `ms`, waking each sleeper at its time and letting its continuation run. */
  async advance(ms: number): Promise<void> {
    const until = this.#now + ms;
    for (let guard = 0; guard < 1_000_000; guard++) {
      await settle();
      this.#sleepers.sort((a, b) => a.wakeAt - b.wakeAt);
      const next = this.#sleepers[0];
      if (!next || next.wakeAt > until) break;
      this.#sleepers.shift();
      this.#now = Math.max(this.#now, next.wakeAt);
      next.wake();
    }
    this.#now = until;
    await settle();
  }

  /** Advances in steps of `stepMs` until `done` resolves, at most `maxMs` of fake time. */
  async runUntil<T>(done: Promise<T>, stepMs: number, maxMs: number): Promise<T> {
    let finished = false;
    const result = done.finally(() => (finished = true));
    // Handled here so a rejection waits for the caller's await without being reported as unhandled.
    result.catch(() => undefined);
    for (let spent = 0; !finished && spent < maxMs; spent += stepMs) await this.advance(stepMs);
    await settle();
    if (!finished) throw new Error(`still running after ${maxMs} ms of fake time`);
    return result;
  }
}

/** Lets every queued promise continuation run (a macrotask turn drains the microtask queue). */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
