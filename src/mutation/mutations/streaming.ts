import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, Json, Mutation, MutationMemory } from "../types.js";
import {
  TASK_NOT_FOUND,
  UNSUPPORTED_OPERATION,
  asInternalError,
  isFinalEvent,
  rpcError,
  stateName,
  statusUpdate,
  streamEventTaskId,
  taskIn,
  nullPartSent,
} from "./shapes.js";
import {
  GRPC_NOT_FOUND,
  GRPC_FAILED_PRECONDITION,
  GRPC_INTERNAL,
  grpcAsInternal,
  grpcIsFinal,
  grpcStatusUpdate,
  grpcStreamTaskId,
  grpcTask,
  GRPC_STATE,
} from "./grpc-shapes.js";
import { closedAfterFirstEvent } from "./stream-endings.js";

/** Per task id seen in a message stream: "open" until its final event passed the proxy, then "done". */
function streamedTasks(memory: MutationMemory): Map<string, "open" | "done"> {
  let tasks = memory.get("streamed-tasks") as Map<string, "open" | "done"> | undefined;
  if (!tasks) memory.set("streamed-tasks", (tasks = new Map()));
  return tasks;
}

/** Notes a message stream's task as open, or done once its final event went through. */
function noteStreamed(memory: MutationMemory, id: string | undefined, final: boolean): undefined {
  const tasks = streamedTasks(memory);
  if (id && tasks.get(id) !== "done") tasks.set(id, final ? "done" : "open");
  return undefined;
}

/** A media type outside any card's input modes: the suite's probe part (src/checks/support/unsupported-media.ts). */
const PROBE_MEDIA_TYPE = "application/x-plainwright-unsupported";

/** An HTTP+JSON send carrying the probe part, refused with ContentTypeNotSupported at `status` (1.0.1 §11.6). */
function contentTypeRefusal(r: BufferedReply, x: Exchange, status: number): BufferedReply | undefined {
  if (
    x.binding !== "rest" ||
    x.verb !== "send" ||
    !JSON.stringify(x.request ?? null).includes(PROBE_MEDIA_TYPE)
  )
    return undefined;
  const info = {
    "@type": "type.googleapis.com/google.rpc.ErrorInfo",
    reason: "CONTENT_TYPE_NOT_SUPPORTED",
    domain: "a2a-protocol.org",
  };
  const message = `media type ${PROBE_MEDIA_TYPE} is not supported`;
  return {
    ...r,
    status,
    body: { error: { code: status, status: "INVALID_ARGUMENT", message, details: [info] } },
  };
}

/**
 * The hooks of a deviation in how a task reads back after the client dropped its message stream: the proxy
 * notes each streamed task until its final event, and a read of one whose stream never got there is edited
 * (`edit` on JSON, `grpcEdit` on a decoded gRPC task).
 */
function readAfterDrop(
  edit: (task: Json, x: Exchange) => void,
  grpcEdit: (task: Json) => void,
): Pick<Mutation, "event" | "grpcEvent" | "reply" | "grpcReply"> {
  const dropped = (task: Json | undefined, memory: MutationMemory): task is Json =>
    task !== undefined && isObject(task.status) && streamedTasks(memory).get(task.id as string) === "open";
  return {
    event: (e, x, memory) =>
      x.verb === "stream" ? noteStreamed(memory, streamEventTaskId(e), isFinalEvent(e)) : undefined,
    grpcEvent: (e, x, memory) =>
      x.verb === "stream" ? noteStreamed(memory, grpcStreamTaskId(e), grpcIsFinal(e)) : undefined,
    reply: (r, x, memory) => {
      const task = x.verb === "get" ? taskIn(r, x) : undefined;
      if (!dropped(task, memory)) return undefined;
      edit(task, x);
      return r;
    },
    grpcReply: (r, x, memory) => {
      const task = x.verb === "get" ? grpcTask(r) : undefined;
      if (!dropped(task, memory)) return undefined;
      grpcEdit(task);
      return r;
    },
  };
}

/** A task with none of the agent's output: no artifact, no agent message in its history or its status. */
function withoutOutput(task: Json): void {
  task.artifacts = [];
  if (Array.isArray(task.history))
    task.history = task.history.filter(
      (m) => isObject(m) && (m.role === "user" || m.role === "ROLE_USER" || m.role === 1),
    );
  if (isObject(task.status)) delete task.status.message;
}

/** Deviations in streams: message/stream (SendStreamingMessage) and resubscribe (SubscribeToTask). */
export const streamingMutations: Mutation[] = [
  {
    id: "stream-as-text-plain",
    violates: ["JSONRPC-SSE-001", "HTTP_JSON-SSE-001"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    what: "a message stream is served as text/plain",
    clause: "A2A 0.3 §7.2 (Content-Type: text/event-stream); 1.0.1 §9.4.2, §11.7",
    check: "streaming.content-type",
    streamContentType: (type, x) =>
      x.verb === "stream" ? type.replace(/text\/event-stream/i, "text/plain") : undefined,
  },
  {
    id: "stream-without-content-type",
    bindings: ["JSONRPC", "HTTP+JSON"],
    what: "a message stream is written in SSE frames with no Content-Type header at all (seen at first sight)",
    clause: "A2A 0.3 §7.2 (Content-Type: text/event-stream); 1.0.1 §9.4.2, §11.7",
    check: "streaming.content-type",
    streamContentType: (_type, x) => (x.verb === "stream" ? "" : undefined),
  },
  {
    id: "stream-event-names-other-task",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "status-update events of a stream name another task",
    clause: "A2A 0.3 §7.2.2 TaskStatusUpdateEvent.taskId; 1.0.1 §5.8",
    check: "streaming.events-well-formed",
    event: (e) => {
      const update = statusUpdate(e);
      if (!update || typeof update.taskId !== "string") return undefined;
      update.taskId = `${update.taskId}-other`;
      return { events: [e] };
    },
    grpcEvent: (e) => {
      const update = grpcStatusUpdate(e);
      if (!update || typeof update.taskId !== "string") return undefined;
      update.taskId = `${update.taskId}-other`;
      return { events: [e] };
    },
  },
  {
    id: "subscribe-unknown-as-internal-error",
    violates: ["STREAM-SUB-004"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "subscribing to a task that does not exist is answered -32603 instead of TaskNotFound",
    clause: "A2A 0.3 §7.9 tasks/resubscribe errors; 1.0.1 §3.1.6 SubscribeToTask",
    check: { "0.x": "streaming.subscribe-unknown-task-0x", "1.0": "streaming.subscribe-unknown-task" },
    reply: (r, x) => (x.verb === "subscribe" ? asInternalError(r, x, TASK_NOT_FOUND) : undefined),
    event: (e, x) => {
      if (
        x.verb !== "subscribe" ||
        !isObject(e) ||
        !isObject(e.error) ||
        e.error.code !== TASK_NOT_FOUND.code
      )
        return undefined;
      e.error.code = -32603;
      return { events: [e] };
    },
    grpcReply: (r, x) => (x.verb === "subscribe" ? grpcAsInternal(r, GRPC_NOT_FOUND) : undefined),
  },
  {
    id: "rest-client-error-as-500",
    violates: ["CORE-ERR-001", "CORE-ERR-002"],
    bindings: ["HTTP+JSON"],
    what: "HTTP+JSON: a malformed message:send is answered 500 instead of a 4xx",
    clause: "A2A 1.0.1 §11.6 (InvalidParams / invalid input maps to 400); RFC 9110 §15.6",
    check: "errors.rest-invalid-input",
    generations: ["1.0"],
    reply: (r, x) => {
      if (x.binding !== "rest" || x.verb !== "send" || r.status !== 400) return undefined;
      r.status = 500;
      return r;
    },
  },
  {
    id: "rest-unknown-task-as-500",
    violates: ["HTTP_JSON-STATUS-001"],
    bindings: ["HTTP+JSON"],
    what: "HTTP+JSON: reading a task that does not exist is answered 500 instead of 404",
    clause:
      "A2A 0.3 §3.2.3 (appropriate HTTP status codes); 1.0.1 §11.6 (TaskNotFoundError maps to 404 Not Found)",
    check: { "0.x": "errors.status-mapping-0x", "1.0": "errors.status-mapping" },
    reply: (r, x) => {
      if (x.binding !== "rest" || x.verb !== "get" || r.status !== 404) return undefined;
      r.status = 500;
      return r;
    },
  },
  {
    id: "rest-version-refusal-as-501",
    violates: ["HTTP_JSON-STATUS-001"],
    bindings: ["HTTP+JSON"],
    generations: ["1.0"],
    what: "HTTP+JSON: a request in an A2A-Version the agent does not speak is answered 501 instead of 400",
    clause: "A2A 1.0.1 §5.4 (VersionNotSupportedError maps to 400 Bad Request)",
    check: "errors.status-mapping",
    reply: (r, x) => {
      if (
        x.binding !== "rest" ||
        r.status !== 400 ||
        !JSON.stringify(r.body).includes("VERSION_NOT_SUPPORTED")
      )
        return undefined;
      r.status = 501;
      return r;
    },
  },
  {
    id: "stream-refusal-silent",
    bindings: ["JSONRPC", "HTTP+JSON"],
    what: "a streamed message the agent refuses gets an event stream that closes with no event and no error",
    clause: "JSON-RPC 2.0 §5 (the Server MUST reply with a Response); A2A 0.3 §7.2.1; 1.0.1 §3.1.2",
    check: "streaming.refusal-answered",
    // The refusal as the response before the stream (the error reply) or as the stream's error event.
    reply: (r, x) =>
      x.verb === "stream" && (r.status >= 400 || rpcError(r))
        ? // No byte of the refusal is left in the body: a bare JSON-RPC error there is still read as the answer.
          { status: 200, contentType: "text/event-stream", body: undefined, raw: "" }
        : undefined,
    event: (e, x) =>
      x.verb === "stream" && isObject(e) && isObject(e.error) ? { events: [], end: true } : undefined,
  },
  {
    // Seen at first sight: a bridge closed the connection on a streamed message whose parts held null.
    id: "malformed-stream-unanswered",
    bindings: ["JSONRPC"],
    what: "a streamed message whose parts are [null] gets an event stream that closes with no event and no error",
    clause: "JSON-RPC 2.0 §5 (the Server MUST reply with a Response); A2A 0.3 §7.2.1, §10.2; 1.0.1 §3.1.2",
    check: "streaming.refusal-answered",
    reply: (r, x) =>
      x.verb === "stream" && nullPartSent(x) && (r.status >= 400 || rpcError(r))
        ? { status: 200, contentType: "text/event-stream", body: undefined, raw: "" }
        : undefined,
    event: (e, x) =>
      x.verb === "stream" && nullPartSent(x) && isObject(e) && isObject(e.error)
        ? { events: [], end: true }
        : undefined,
  },
  {
    id: "rest-content-type-refusal-as-422",
    bindings: ["HTTP+JSON"],
    generations: ["1.0"],
    what: "HTTP+JSON: a message part of a media type the agent does not take is refused 422 instead of 400",
    clause: "A2A 1.0.1 §5.4 (ContentTypeNotSupportedError maps to 400 Bad Request; 1.0.0 said 415)",
    check: "errors.status-mapping",
    // An agent may take any part (1.0.1 §3.1.1), so the refusal itself is played: 400 by the correct twin.
    correct: { reply: (r, x) => contentTypeRefusal(r, x, 400) },
    reply: (r, x) => contentTypeRefusal(r, x, 422),
  },
  {
    id: "grpc-unknown-task-as-internal",
    violates: ["GRPC-ERR-002"],
    what: "gRPC: reading a task that does not exist is answered INTERNAL, its TASK_NOT_FOUND reason kept",
    clause: "A2A 1.0.1 §10.6 (TaskNotFoundError maps to NOT_FOUND)",
    check: "errors.status-mapping",
    bindings: ["GRPC"],
    generations: ["1.0"],
    grpcReply: (r, x) => {
      if (x.verb !== "get" || r.error?.code !== GRPC_NOT_FOUND) return undefined;
      return { error: { ...r.error, code: GRPC_INTERNAL } };
    },
  },
  {
    id: "subscribe-finished-as-internal-error",
    violates: ["STREAM-SUB-003"],
    what: "subscribing to a finished task is answered as an internal error instead of UnsupportedOperation",
    clause: "A2A 1.0.1 §3.1.6 SubscribeToTask (a terminal task: UnsupportedOperationError)",
    check: "streaming.subscribe-terminal",
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    reply: (r, x) => (x.verb === "subscribe" ? asInternalError(r, x, UNSUPPORTED_OPERATION) : undefined),
    event: (e, x) => {
      if (
        x.verb !== "subscribe" ||
        !isObject(e) ||
        !isObject(e.error) ||
        e.error.code !== UNSUPPORTED_OPERATION.code
      )
        return undefined;
      e.error.code = -32603;
      return { events: [e] };
    },
    grpcReply: (r, x) => (x.verb === "subscribe" ? grpcAsInternal(r, GRPC_FAILED_PRECONDITION) : undefined),
  },
  {
    id: "resubscription-ends-early",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a resubscription to a running task closes after its first event, before the task's final one",
    clause:
      "A2A 1.0.1 §3.1.6 (the subscription terminates when the task does); 0.3 §7.9 (to resume receiving subsequent updates)",
    check: { "0.x": "streaming.subscribe-running-0x", "1.0": "streaming.subscribe-running" },
    ...closedAfterFirstEvent("subscribe"),
  },
  {
    id: "stream-drop-cancels-task",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a task whose message stream the client dropped before its end reads back canceled",
    clause: "A2A 1.0.1 §3.5.2 (closing a stream MUST NOT affect the task); 0.3 §7.2, §7.9 (the task goes on)",
    check: {
      "0.x": "streaming.dropped-stream-task-readable-0x",
      "1.0": "streaming.dropped-stream-task-readable",
    },
    ...readAfterDrop(
      (task, x) => void ((task.status as Json).state = stateName(x, "canceled")),
      (task) => void ((task.status as Json).state = GRPC_STATE.canceled),
    ),
  },
  {
    id: "stream-drop-completes-early",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a task whose message stream the client dropped reads back completed at once, with none of its output",
    clause:
      "A2A 1.0.1 §3.5.2 (the task lifecycle is independent of any stream's); 0.3 §7.2, §7.9 (the task goes on)",
    check: {
      "0.x": "streaming.dropped-stream-task-readable-0x",
      "1.0": "streaming.dropped-stream-task-readable",
    },
    ...readAfterDrop(
      (task, x) => {
        (task.status as Json).state = stateName(x, "completed");
        withoutOutput(task);
      },
      (task) => {
        (task.status as Json).state = GRPC_STATE.completed;
        withoutOutput(task);
      },
    ),
  },
];
