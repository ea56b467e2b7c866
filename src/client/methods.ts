import type { ProtocolGeneration } from "../model/generation.js";

export type Operation = "send" | "stream" | "get" | "cancel" | "resubscribe";

// A2A 1.0 §5.3: the same operation has had three spellings.
const names: Record<ProtocolGeneration, Record<Operation, string>> = {
  "0.1": {
    send: "tasks/send",
    stream: "tasks/sendSubscribe",
    get: "tasks/get",
    cancel: "tasks/cancel",
    resubscribe: "tasks/resubscribe",
  },
  "0.2": {
    send: "message/send",
    stream: "message/stream",
    get: "tasks/get",
    cancel: "tasks/cancel",
    resubscribe: "tasks/resubscribe",
  },
  "0.3": {
    send: "message/send",
    stream: "message/stream",
    get: "tasks/get",
    cancel: "tasks/cancel",
    resubscribe: "tasks/resubscribe",
  },
  "1.0": {
    send: "SendMessage",
    stream: "SendStreamingMessage",
    get: "GetTask",
    cancel: "CancelTask",
    resubscribe: "SubscribeToTask",
  },
};

/** The JSON-RPC method name of an operation in a generation. */
export function methodName(generation: ProtocolGeneration, op: Operation): string {
  return names[generation][op];
}

const EVENT_METHODS = new Set(
  Object.values(names).flatMap((generation) => [generation.stream, generation.resubscribe]),
);

const MESSAGE_STREAM_METHODS = new Set(Object.values(names).map((generation) => generation.stream));

/** Whether a JSON-RPC method streams the answer to a message (message/stream, SendStreamingMessage). */
export function streamsMessage(method: string): boolean {
  return MESSAGE_STREAM_METHODS.has(method);
}

/** Whether a JSON-RPC method answers with an event stream (its Accept is text/event-stream, else application/json). */
export function answersWithEvents(method: string): boolean {
  return EVENT_METHODS.has(method);
}
