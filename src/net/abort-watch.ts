/**
 * The exchanges waiting on each caller's signal. One listener per signal, not one per exchange: a run's
 * signal is shared by every request it makes, and EventTarget listeners cost more to add and remove
 * than a loopback agent takes to answer.
 */

/** What an abort watch holds: the links are the watch's own, set while the item is watched. */
export interface Abortable {
  /** Called once when the signal fires while the item is watched. */
  abort(): void;
  watch: AbortWatch | undefined;
  watchPrev: Abortable | undefined;
  watchNext: Abortable | undefined;
}

const watched = new WeakMap<AbortSignal, AbortWatch>();

/**
 * The items in flight under one signal, as a list linked through the items themselves. A Set would do
 * the same job, but one that sees an insert and a delete per request keeps each exchange (and the
 * traffic it holds) alive into the old generation: measured, a load run spent a fifth of its time
 * collecting garbage that way.
 */
export class AbortWatch {
  first: Abortable | undefined;

  add(item: Abortable): void {
    item.watch = this;
    item.watchNext = this.first;
    if (this.first) this.first.watchPrev = item;
    this.first = item;
  }

  remove(item: Abortable): void {
    if (item.watchPrev) item.watchPrev.watchNext = item.watchNext;
    else this.first = item.watchNext;
    if (item.watchNext) item.watchNext.watchPrev = item.watchPrev;
    item.watch = item.watchPrev = item.watchNext = undefined;
  }

  abortAll(): void {
    const all: Abortable[] = [];
    for (let each = this.first; each; each = each.watchNext) all.push(each);
    for (const each of all) each.abort();
  }
}

/** Calls `item.abort()` when `signal` fires, unless it was unwatched first. */
export function watchAbort(signal: AbortSignal, item: Abortable): void {
  let watch = watched.get(signal);
  if (!watch) {
    const fresh = new AbortWatch();
    watch = fresh;
    watched.set(signal, fresh);
    signal.addEventListener("abort", () => fresh.abortAll(), { once: true });
  }
  watch.add(item);
}

/** Stops watching `item`; nothing happens when it is not watched. */
export function unwatchAbort(item: Abortable): void {
  item.watch?.remove(item);
}

/**
 * Runs `abort` when `signal` fires before the returned release is called: one listener per signal
 * however many calls wait on it (a run's signal is shared by all its requests).
 */
export function onAbortUntilReleased(signal: AbortSignal | undefined, abort: () => void): () => void {
  if (!signal) return () => undefined;
  const item: Abortable = { abort, watch: undefined, watchPrev: undefined, watchNext: undefined };
  watchAbort(signal, item);
  return () => unwatchAbort(item);
}
