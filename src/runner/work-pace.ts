/** However quick the agent's work, a message stream may stay silent this long before it counts as stalled. */
export const QUIET_FLOOR_MS = 10_000;
/** How many times the slowest task the run has timed a message stream may stay silent. */
export const QUIET_FACTOR = 3;

/**
 * How long the agent's own work takes, as a conformance run learns it, and from that how long a stream
 * of the answer to a message may stay silent. A stream that sends a few events and then neither ends nor
 * says anything would otherwise hold each check that reads it for the whole request timeout, and the
 * check would be cut off at its budget instead of judging what arrived. The spec asks for no keep-alive,
 * so the limit stays generous: several times the slowest task, never under QUIET_FLOOR_MS, and the
 * request timeout until a task has been timed or when the user said tasks are slow.
 */
export class WorkPace {
  readonly #ceilingMs: number;
  readonly #slowHinted: boolean;
  #slowestMs: number | undefined;

  constructor(ceilingMs: number, slowHinted: boolean) {
    this.#ceilingMs = ceilingMs;
    this.#slowHinted = slowHinted;
  }

  /** A task of the agent's took this long from the send to a settled state. */
  readonly timed = (ms: number): void => {
    this.#slowestMs = Math.max(this.#slowestMs ?? 0, ms);
  };

  /** How long a message stream may stay silent now. */
  readonly quietLimitMs = (): number => {
    if (this.#slowestMs === undefined || this.#slowHinted) return this.#ceilingMs;
    return Math.min(this.#ceilingMs, Math.max(QUIET_FLOOR_MS, QUIET_FACTOR * this.#slowestMs));
  };
}
