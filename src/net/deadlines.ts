/**
 * Deadlines for exchanges in flight, one Node timer per distinct duration rather than one per exchange.
 * A timer made and cleared for every request cost a load run as much as reading the agent's reply
 * (the Timeout object, its async resource and two list operations); here an exchange joins the list
 * of its duration and leaves it in constant time, and only the list's head is ever timed.
 *
 * Exchanges of one duration join in the order they start, so their deadlines are in order too: the
 * head is the next to run out. The timer is armed for the head's deadline; when it fires, every
 * exchange whose deadline has come expires, and the timer is armed again for the new head, measured
 * from the deadline it fired for (no clock is read, so a fake clock drives it as it drives timers).
 */

/** What a deadline list holds: the links are the list's own, set while the item is watched. */
export interface Expiring {
  /** Called once when the deadline passes before the item was unwatched; the item is unwatched already. */
  expire(): void;
  deadlineAt: number;
  deadlineList: DeadlineList | undefined;
  deadlinePrev: Expiring | undefined;
  deadlineNext: Expiring | undefined;
}

const lists = new Map<number, DeadlineList>();

/** Starts timing `item`: it expires `durationMs` after `startedAt` (performance.now()'s scale) unless unwatched. */
export function watchDeadline(item: Expiring, durationMs: number, startedAt: number): void {
  let list = lists.get(durationMs);
  if (!list) {
    list = new DeadlineList(durationMs);
    lists.set(durationMs, list);
  }
  list.add(item, startedAt + durationMs);
}

/** Stops timing `item`; nothing happens when it is not watched. */
export function unwatchDeadline(item: Expiring): void {
  item.deadlineList?.remove(item);
}

/** The items of one duration, in deadline order, and the one timer that watches the first. */
export class DeadlineList {
  #head: Expiring | undefined;
  #tail: Expiring | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** The deadline the timer was armed for. */
  #armedFor = 0;

  constructor(readonly durationMs: number) {}

  add(item: Expiring, deadline: number): void {
    item.deadlineAt = deadline;
    item.deadlineList = this;
    item.deadlinePrev = this.#tail;
    item.deadlineNext = undefined;
    if (this.#tail) this.#tail.deadlineNext = item;
    else this.#head = item;
    this.#tail = item;
    if (this.#head === item) this.#arm(deadline, this.durationMs);
  }

  remove(item: Expiring): void {
    if (item.deadlinePrev) item.deadlinePrev.deadlineNext = item.deadlineNext;
    else this.#head = item.deadlineNext;
    if (item.deadlineNext) item.deadlineNext.deadlinePrev = item.deadlinePrev;
    else this.#tail = item.deadlinePrev;
    item.deadlineList = item.deadlinePrev = item.deadlineNext = undefined;
    // An empty list must not keep the process alive nor linger in the map.
    if (!this.#head) this.#close();
  }

  #arm(deadline: number, delayMs: number): void {
    this.#armedFor = deadline;
    this.#timer = setTimeout(() => this.#fire(), Math.max(1, Math.ceil(delayMs)));
  }

  #fire(): void {
    this.#timer = undefined;
    const now = this.#armedFor;
    for (let item = this.#head; item && item.deadlineAt <= now; item = this.#head) {
      this.remove(item);
      item.expire();
    }
    // A list emptied here is closed, and what expiring items start joins a new list: only this head is left to time.
    const head = this.#head;
    if (head) this.#arm(head.deadlineAt, head.deadlineAt - now);
  }

  #close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (lists.get(this.durationMs) === this) lists.delete(this.durationMs);
  }
}
