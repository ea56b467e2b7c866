import { formatSeconds } from "../view/units.js";
import { ApiError } from "./api-error.js";

/** Bounds on the inspector's upstream calls (about a hundred abandoned chats took 2.9 GB). */
export interface StreamBounds {
  /** Chat turns open at once in one inspector session (one browser tab). */
  perSession: number;
  /** Chat turns open at once in the whole server. */
  total: number;
}

export const defaultStreamBounds: StreamBounds = { perSession: 4, total: 128 };

/**
 * One upstream call of the inspector with its owner and its total deadline: the signal aborts when
 * the browser goes away, when the owner (the session) ends, or when the deadline passes, whichever
 * comes first; `reason` then says which, for the reply the browser sees.
 */
export class StreamLease {
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;
  #reason: string | undefined;
  #released = false;

  constructor(
    readonly owner: string,
    deadlineMs: number,
    private readonly onRelease: (lease: StreamLease) => void,
  ) {
    this.#timer = setTimeout(
      () => this.abort(`stopped at its ${formatSeconds(deadlineMs)} deadline (timeout_s)`),
      deadlineMs,
    );
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Why the call was stopped; undefined while it runs or when it ended by itself. */
  get reason(): string | undefined {
    return this.#reason;
  }

  /** Stops the call (first reason wins) and frees its place. */
  abort(reason: string): void {
    this.#reason ??= reason;
    this.release();
    if (!this.#controller.signal.aborted) this.#controller.abort(new Error(reason));
  }

  /** Frees the call's place once it is over; idempotent. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    clearTimeout(this.#timer);
    this.onRelease(this);
  }
}

/** Every open inspector call, by owner, so the bounds hold and an ending owner closes its calls. */
export class InspectorStreams {
  readonly #byOwner = new Map<string, Set<StreamLease>>();
  #total = 0;

  constructor(readonly bounds: StreamBounds = defaultStreamBounds) {}

  /** Calls open now, in all. */
  get open(): number {
    return this.#total;
  }

  /** A lease for one call of `owner`, or 429 naming the bound that is reached. */
  lease(owner: string, deadlineMs: number): StreamLease {
    const mine = this.#byOwner.get(owner) ?? new Set<StreamLease>();
    if (mine.size >= this.bounds.perSession)
      throw new ApiError(
        429,
        `this inspector session already has ${mine.size} chat turns open (at most ${this.bounds.perSession} at once): stop one or wait for it`,
      );
    if (this.#total >= this.bounds.total)
      throw new ApiError(
        429,
        `the server already has ${this.#total} inspector chat turns open (at most ${this.bounds.total} at once): try again shortly`,
      );
    const lease = new StreamLease(owner, deadlineMs, (done) => this.#forget(done));
    mine.add(lease);
    this.#byOwner.set(owner, mine);
    this.#total++;
    return lease;
  }

  /** Stops every call of `owner` (its session ended). */
  closeOwner(owner: string, reason: string): void {
    for (const lease of [...(this.#byOwner.get(owner) ?? [])]) lease.abort(reason);
  }

  /** Stops every call of `owner` (the user pressed Stop); returns how many were stopped. */
  stop(owner: string): number {
    const leases = [...(this.#byOwner.get(owner) ?? [])];
    for (const lease of leases) lease.abort("stopped by the user");
    return leases.length;
  }

  #forget(lease: StreamLease): void {
    const mine = this.#byOwner.get(lease.owner);
    if (!mine?.delete(lease)) return;
    this.#total--;
    if (mine.size === 0) this.#byOwner.delete(lease.owner);
  }
}
