import { isObject } from "../exchange.js";
import type { Exchange, Mutation } from "../types.js";
import { isFinalEvent, recode, statusUpdate } from "./shapes.js";

const TASK_NOT_FOUND = -32001;
const INTERNAL_ERROR = -32603;

// Streams already cut short, so that only their first event passes.
const cut = new WeakSet<Exchange>();

/** Deviations in streams: message/stream (SendStreamingMessage) and resubscribe (SubscribeToTask). */
export const streamingMutations: Mutation[] = [
  {
    id: "final-flag-dropped",
    what: "the last status-update of a stream has no final: true",
    clause: "A2A 0.3 §7.2 (the final event has final: true, then the stream closes)",
    check: "streaming.final-event",
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
    what: "a stream sends another event after its final one",
    clause: "A2A 0.3 §7.2; 1.0.1 §3.1.2 (the stream closes after the terminal or interrupted status)",
    check: "streaming.final-event",
    event: (e) => (isFinalEvent(e) ? { events: [e, structuredClone(e)] } : undefined),
  },
  {
    id: "stream-closed-before-final",
    what: "a stream is closed after its first event, before any final event",
    clause: "A2A 0.3 §7.2; 1.0.1 §3.1.2 (the stream ends when the task is terminal or interrupted)",
    check: "streaming.final-event",
    event: (e, x) => {
      if (x.verb !== "stream" || cut.has(x) || isFinalEvent(e)) return undefined;
      cut.add(x);
      return { events: [e], end: true };
    },
  },
  {
    id: "stream-as-text-plain",
    what: "a message stream is served as text/plain",
    clause: "A2A 0.3 §7.2 (Content-Type: text/event-stream); 1.0.1 §9.4.2, §11.7",
    check: "streaming.content-type",
    streamContentType: (type, x) =>
      x.verb === "stream" ? type.replace(/text\/event-stream/i, "text/plain") : undefined,
  },
  {
    id: "stream-event-names-other-task",
    what: "status-update events of a stream name another task",
    clause: "A2A 0.3 §7.2.2 TaskStatusUpdateEvent.taskId; 1.0.1 §5.8",
    check: "streaming.events-well-formed",
    event: (e) => {
      const update = statusUpdate(e);
      if (!update || typeof update.taskId !== "string") return undefined;
      update.taskId = `${update.taskId}-other`;
      return { events: [e] };
    },
  },
  {
    id: "subscribe-unknown-as-internal-error",
    what: "subscribing to a task that does not exist is answered -32603 instead of TaskNotFound",
    clause: "A2A 0.3 §7.9 tasks/resubscribe errors; 1.0.1 §3.1.6 SubscribeToTask",
    check: "streaming.subscribe-unknown-task",
    // The check judges 1.0 only: 0.3 §7.9 leaves what a resubscribe answers largely to the implementation.
    generations: ["1.0"],
    reply: (r, x) => (x.verb === "subscribe" ? recode(r, TASK_NOT_FOUND, INTERNAL_ERROR) : undefined),
    event: (e, x) => {
      if (x.verb !== "subscribe" || !isObject(e) || !isObject(e.error) || e.error.code !== TASK_NOT_FOUND)
        return undefined;
      e.error.code = INTERNAL_ERROR;
      return { events: [e] };
    },
  },
  {
    id: "rest-unknown-task-as-500",
    what: "HTTP+JSON: reading a task that does not exist is answered 500 instead of 404",
    clause: "A2A 1.0.1 §11.6 (TaskNotFoundError maps to 404 Not Found)",
    check: "errors.status-mapping",
    generations: ["1.0"],
    reply: (r, x) => {
      if (x.binding !== "rest" || x.verb !== "get" || r.status !== 404) return undefined;
      r.status = 500;
      return r;
    },
  },
];
