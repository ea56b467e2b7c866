import type { Exchange, GrpcExchange, Mutation } from "../types.js";
import { isFinalEvent, isInterruptedEvent, statusUpdate } from "./shapes.js";
import { grpcIsFinal, grpcIsInterrupted } from "./grpc-shapes.js";

// Deviations in how a message stream ends (A2A 0.3 §7.2, 1.0.1 §3.1.2): its final flag, events after it, a
// stream closed early or held back until its end.

// Streams already cut short, so that only their first event passes.
const cut = new WeakSet<Exchange>();
const grpcCut = new WeakSet<GrpcExchange>();

/** Hooks that close a stream of the given verb after its first event, when that event is not the final one. */
export function closedAfterFirstEvent(verb: "stream" | "subscribe"): Pick<Mutation, "event" | "grpcEvent"> {
  return {
    event: (e, x) => {
      if (x.verb !== verb || cut.has(x) || isFinalEvent(e)) return undefined;
      cut.add(x);
      return { events: [e], end: true };
    },
    grpcEvent: (e, x) => {
      if (x.verb !== verb || grpcCut.has(x) || grpcIsFinal(e)) return undefined;
      grpcCut.add(x);
      return { events: [e], end: true };
    },
  };
}

// The opening Task of each message stream, held back until the stream's first status update has passed.
/** How a stream ends is judged at SHOULD on 0.1, whose `final` carries no keyword, by a check of its own. */
const FINAL_EVENT = {
  "0.1": "streaming.final-event-01",
  "0.x": "streaming.final-event",
  "1.0": "streaming.final-event",
} as const;

/** The events of each message stream held back so far, until its final one (stream-held-until-final). */
const heldEvents = new WeakMap<object, unknown[]>();

/** Holds a message stream's events back until its final (terminal or interrupted) event, then sends them all. */
function holdUntilFinal(
  e: unknown,
  x: { verb: string },
  isFinal: (e: unknown) => boolean,
): { events: unknown[] } | undefined {
  if (x.verb !== "stream") return undefined;
  const held = heldEvents.get(x) ?? [];
  heldEvents.set(x, held);
  if (!isFinal(e)) {
    held.push(e);
    return { events: [] };
  }
  heldEvents.delete(x);
  return { events: [...held, e] };
}

/** Deviations in how a message stream ends, or when its events come. */
export const streamEndMutations: Mutation[] = [
  {
    id: "final-flag-dropped",
    bindings: ["JSONRPC"],
    what: "the last status-update of a stream has no final: true",
    clause: "A2A 0.3 §7.2 (the final event has final: true, then the stream closes)",
    check: FINAL_EVENT,
    generations: ["0.x"],
    event: (e) => {
      const update = statusUpdate(e);
      if (!update || update.final !== true) return undefined;
      delete update.final;
      return { events: [e] };
    },
  },
  {
    id: "event-after-final",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a stream sends another event after its final one",
    clause: "A2A 0.3 §7.2; 1.0.1 §3.1.2 (the stream closes after the terminal or interrupted status)",
    check: FINAL_EVENT,
    // 1.0 has no final flag: only a terminal status closes its stream (1.0.1 §3.1.2), so only that one is doubled.
    event: (e) =>
      isFinalEvent(e) && !isInterruptedEvent(e) ? { events: [e, structuredClone(e)] } : undefined,
    grpcEvent: (e) =>
      grpcIsFinal(e) && !grpcIsInterrupted(e) ? { events: [e, structuredClone(e)] } : undefined,
  },
  {
    id: "stream-held-until-final",
    what: "a message stream sends nothing while the task works: every event is held back and sent with the final one",
    clause:
      "A2A 1.0.1 §3.1.2 (The implementation MUST provide immediate feedback on progress and intermediate results)",
    check: "streaming.immediate-feedback",
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    event: (e, x) => holdUntilFinal(e, x, isFinalEvent),
    grpcEvent: (e, x) => holdUntilFinal(e, x, grpcIsFinal),
  },
  {
    id: "stream-closed-before-final",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a stream is closed after its first event, before any final event",
    clause: "A2A 0.3 §7.2; 1.0.1 §3.1.2 (the stream ends when the task is terminal or interrupted)",
    check: FINAL_EVENT,
    ...closedAfterFirstEvent("stream"),
  },
];
