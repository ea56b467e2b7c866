/** Time as the load generator sees it, so the scheduler can be tested with a clock that tests move by hand. */
export interface Clock {
  /** Milliseconds on a monotonic scale (only differences mean anything). */
  now(): number;
  /** Resolves after `ms` (at once for 0 or less), or as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock: performance.now() and timers. */
export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) => {
    if (ms <= 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      // A pending sleep is cancelled rather than left to hold the process open after the run.
      const timer = setTimeout(done, Math.ceil(ms));
      signal?.addEventListener("abort", done, { once: true });
    });
  },
};
