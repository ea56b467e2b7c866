/**
 * How long a stream may stay silent: fixed, or read again while the stream is silent. A conformance run
 * lowers the limit once it knows how long the agent's own work takes (see src/runner/work-pace.ts), and
 * the lowered limit then also applies to the streams already open.
 */
export type QuietLimit = number | (() => number);

/** How often a changeable limit is read again while a stream is silent. */
const RECHECK_MS = 1000;

/** The limit as it stands now. */
export function quietMs(limit: QuietLimit): number {
  return typeof limit === "number" ? limit : limit();
}

/**
 * Calls `onQuiet` once, when nothing was heard for the limit. A fixed limit is one timer refreshed on
 * each event (the hot path of a long stream); a changeable one costs a timer per second of silence.
 */
export class QuietTimer {
  readonly #limit: QuietLimit;
  readonly #onQuiet: (limitMs: number) => void;
  #timer: NodeJS.Timeout;
  #lastHeard = performance.now();

  constructor(limit: QuietLimit, onQuiet: (limitMs: number) => void) {
    this.#limit = limit;
    this.#onQuiet = onQuiet;
    this.#timer =
      typeof limit === "number"
        ? setTimeout(() => onQuiet(limit), limit)
        : setTimeout(() => this.#recheck(), Math.min(limit(), RECHECK_MS));
  }

  /** Something arrived: the silence starts again. */
  heard(): void {
    if (typeof this.#limit === "number") this.#timer.refresh();
    else this.#lastHeard = performance.now();
  }

  stop(): void {
    clearTimeout(this.#timer);
  }

  #recheck(): void {
    const limit = quietMs(this.#limit);
    const silent = performance.now() - this.#lastHeard;
    if (silent >= limit) return this.#onQuiet(limit);
    this.#timer = setTimeout(() => this.#recheck(), Math.min(limit - silent, RECHECK_MS));
  }
}
