import type { StreamOutcome } from "../../client/types.js";
import { interruptedStates, terminalStates, type Reply } from "../../protocol/model.js";

/** Whether an event ends a message stream: a Message, `final: true` (0.x), or a terminal state. */
export function isFinalEvent(event: Reply): boolean {
  if (event.kind === "message") return true;
  if (event.kind === "status-update" && event.final === true) return true;
  return (event.kind === "task" || event.kind === "status-update") && terminalStates.has(event.state);
}

/**
 * Whether a stream may rightly close after this event: its final event, or an interrupted state. Whether
 * streams close when the task waits for input the spec leaves open (A2A 1.0.1 §3.1.2 requires only that
 * they close at a terminal state), so closing there is allowed, and so is staying open.
 */
export function mayEndStream(event: Reply): boolean {
  if (isFinalEvent(event)) return true;
  return (event.kind === "task" || event.kind === "status-update") && interruptedStates.has(event.state);
}

/**
 * Whether a subscription opened on a task that had already ended: its first event shows a terminal state. A
 * check of a running task's subscription then has nothing to judge (the task finished first).
 */
export function openedOnEndedTask(events: readonly Reply[]): boolean {
  const [first] = events;
  return (first?.kind === "task" || first?.kind === "status-update") && terminalStates.has(first.state);
}

/**
 * How many events followed a stream's first terminal event, and that event's state, or undefined when none did.
 * The stream closes at the terminal state (A2A 1.0.1 §3.1.2 for a message stream, §3.1.6 for a subscription;
 * 0.3 §7.2 final: true marks the last event), except that a 1.0 stream may resend the finished Task once
 * before closing (1.0.1 §11.7).
 */
export function eventsAfterTerminal(
  events: readonly Reply[],
  generation: string,
): { count: number; at: number; state: string } | undefined {
  const states = events.map((e) => (e.kind === "task" || e.kind === "status-update" ? e.state : undefined));
  const at = states.findIndex((st) => st !== undefined && terminalStates.has(st));
  const lastIndex = events.length - 1;
  if (at < 0 || at === lastIndex) return undefined;
  const last = events[lastIndex];
  const snapshotOnly =
    generation === "1.0" && at === lastIndex - 1 && last?.kind === "task" && last.state === states[at];
  return snapshotOnly ? undefined : { count: lastIndex - at, at, state: String(states[at]) };
}

/** The task an event is about: a Task's id or an update's taskId. */
export function taskIdOf(event: Reply): string | undefined {
  if (event.kind === "task") return event.id;
  if (event.kind === "message") return event.taskId;
  return event.taskId;
}

/** How long a stream may stay open after its final event before Plainwright calls it hung. */
export function graceAfterFinalMs(timeoutMs: number): number {
  return Math.min(2000, Math.max(250, Math.floor(timeoutMs / 4)));
}

/** Thrown from a stream listener to stop reading: every binding then ends the stream and drops the connection. */
export class StopReading extends Error {
  constructor() {
    super("Plainwright stopped reading the stream on purpose");
  }
}

/** A stream as far as a check read it. */
export interface WatchedStream {
  /** The outcome, when the stream ended (closed, idle, stopped, broken) before the grace period ran out. */
  outcome?: StreamOutcome;
  /** Every readable event, in arrival order. */
  events: Reply[];
  /** Set when the stream was still open this many ms after its final event. */
  openAfterFinalMs?: number;
  /** The first event that arrived without its binding's envelope (StreamListener), read anyway. */
  unframed?: string;
}

export interface WatchOptions {
  /** How long the stream may stay open after its final event (see graceAfterFinalMs). */
  graceMs: number;
  /** Stop reading (and drop the connection) once this returns true for an event. */
  stopAt?: (event: Reply, index: number) => boolean;
}

/**
 * Reads a stream without letting a server that never closes it hold the check hostage: once the final
 * event has arrived the stream gets `graceMs` to close, then the check judges what it has.
 */
export async function watchStream(
  open: (onEvent: (event: Reply, raw?: unknown, unframed?: string) => void) => Promise<StreamOutcome>,
  options: WatchOptions,
): Promise<WatchedStream> {
  const events: Reply[] = [];
  let unframed: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let overrun: () => void = () => undefined;
  const stillOpen = new Promise<"open">((resolve) => (overrun = () => resolve("open")));
  const onEvent = (event: Reply, _raw?: unknown, bare?: string): void => {
    unframed ??= bare;
    events.push(event);
    if (options.stopAt?.(event, events.length - 1)) throw new StopReading();
    if (timer === undefined && isFinalEvent(event)) timer = setTimeout(overrun, options.graceMs);
  };
  try {
    const ended = await Promise.race([open(onEvent), stillOpen]);
    const told = unframed ? { unframed } : {};
    if (ended === "open") return { events, openAfterFinalMs: options.graceMs, ...told };
    // A body that is not an event stream (JSON values back to back in text/plain) is read only once it has
    // ended, so nothing arrived live: its events are taken from the outcome, up to where the check stops.
    if (events.length === 0)
      for (const [index, event] of ended.events.entries()) {
        events.push(event);
        if (options.stopAt?.(event, index)) break;
      }
    return { outcome: ended, events, ...told };
  } finally {
    clearTimeout(timer);
  }
}
