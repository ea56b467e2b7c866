import { isObject } from "../exchange.js";
import type { Exchange, GrpcExchange, Mutation } from "../types.js";
import { isFinalEvent, statusUpdate } from "./shapes.js";
import { grpcIsFinal, grpcPayload, grpcStatusUpdate } from "./grpc-shapes.js";

const heldTask = new WeakMap<object, unknown>();
const looked = new WeakSet<object>();

/** The Task a 1.0 JSON stream event carries (JSON-RPC result.task, HTTP+JSON task), if it is one. */
function jsonTaskEvent(event: unknown): Record<string, unknown> | undefined {
  const result = isObject(event) && isObject(event.result) ? event.result : event;
  return isObject(result) && isObject(result.task) ? result.task : undefined;
}

const isSubmittedTask = (event: unknown): boolean => {
  const status = jsonTaskEvent(event)?.status;
  return isObject(status) && status.state === "TASK_STATE_SUBMITTED";
};

// lf.a2a.v1.TaskState TASK_STATE_SUBMITTED (A2A 1.0.1 §5.5).
const GRPC_SUBMITTED = 1;
const grpcIsSubmittedTask = (event: unknown): boolean => {
  const status = grpcPayload(event, "task")?.status;
  return isObject(status) && Number(status.state) === GRPC_SUBMITTED;
};

/**
 * Hooks that deliver a message stream's opening Task (submitted) after the first status update the agent
 * generated after it: the events are reordered in transit, and the state seen goes working → submitted.
 * When the stream's next event is not a status update that keeps it open, the Task goes first as it came.
 */
function taskHeldPastFirstUpdate(
  isTask: (e: unknown) => boolean,
  isUpdate: (e: unknown) => boolean,
  isFinal: (e: unknown) => boolean,
): (e: unknown, x: Exchange | GrpcExchange) => { events: unknown[] } | undefined {
  return (e, x) => {
    if (x.verb !== "stream") return undefined;
    if (heldTask.has(x)) {
      const task = heldTask.get(x);
      heldTask.delete(x);
      return { events: isUpdate(e) && !isFinal(e) ? [e, task] : [task, e] };
    }
    if (looked.has(x)) return undefined;
    looked.add(x);
    if (!isTask(e)) return undefined;
    heldTask.set(x, e);
    return { events: [] };
  };
}

// Message streams whose opening event was already looked at by stream-opens-with-message.
const acknowledged = new WeakSet<object>();
const ACK_TEXT = "Thanks, I am looking into it.";

/** An agent Message of a task, as A2A 1.0 JSON spells it (1.0.1 §4.1.4; Role ROLE_AGENT, a text part). */
function jsonAgentMessage(task: Record<string, unknown>): Record<string, unknown> {
  return {
    messageId: crypto.randomUUID(),
    contextId: task.contextId,
    taskId: task.id,
    role: "ROLE_AGENT",
    parts: [{ text: ACK_TEXT }],
  };
}

// lf.a2a.v1.Role ROLE_AGENT.
const GRPC_ROLE_AGENT = 2;

/** The same Message as the decoded lf.a2a.v1.Message the gRPC proxy encodes (every field set). */
function grpcAgentMessage(task: Record<string, unknown>): Record<string, unknown> {
  return {
    messageId: crypto.randomUUID(),
    contextId: task.contextId,
    taskId: task.id,
    role: GRPC_ROLE_AGENT,
    parts: [
      {
        content: { $case: "text", value: ACK_TEXT },
        mediaType: "text/plain",
        filename: "",
        metadata: undefined,
      },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/**
 * A 1.0 message stream that opens with an acknowledging agent Message and then carries the Task and its
 * updates as they came. The stream answered with a Message, so 1.0.1 §3.1.2 wants that Message alone.
 */
function messageBeforeTask(e: unknown, x: Exchange): { events: unknown[] } | undefined {
  if (x.verb !== "stream" || acknowledged.has(x)) return undefined;
  acknowledged.add(x);
  const task = jsonTaskEvent(e);
  if (!task) return undefined;
  const message = jsonAgentMessage(task);
  const ack = isObject(e) && isObject(e.result) ? { ...e, result: { message } } : { message };
  return { events: [ack, e] };
}

function grpcMessageBeforeTask(e: unknown, x: GrpcExchange): { events: unknown[] } | undefined {
  if (x.verb !== "stream" || acknowledged.has(x)) return undefined;
  acknowledged.add(x);
  const task = grpcPayload(e, "task");
  if (!task) return undefined;
  return { events: [{ payload: { $case: "message", value: grpcAgentMessage(task) } }, e] };
}

/** The StreamResponse of a 1.0 SSE event (JSON-RPC `result`, HTTP+JSON `data`) of a stream or subscription. */
function jsonStreamResponse(e: unknown, x: Exchange): Record<string, unknown> | undefined {
  if (x.generation !== "1.0" || (x.verb !== "stream" && x.verb !== "subscribe")) return undefined;
  if (x.binding !== "jsonrpc" && x.binding !== "rest") return undefined;
  const result = x.binding === "jsonrpc" && isObject(e) ? e.result : e;
  return isObject(result) ? result : undefined;
}

/** The status of the Task or status update a StreamResponse carries. */
function streamedStatus(response: Record<string, unknown>): Record<string, unknown> | undefined {
  const inner = isObject(response.task) ? response.task : response.statusUpdate;
  return isObject(inner) && isObject(inner.status) ? inner.status : undefined;
}

/**
 * A 1.0 SSE event whose task state is spelt as 0.3 spelt it ("working", "input-required"), as an agent
 * ported from 0.3 that kept its stream serialiser sends it.
 */
function stateLowercased(e: unknown, x: Exchange): { events: unknown[] } | undefined {
  const response = jsonStreamResponse(e, x);
  const status = response && streamedStatus(response);
  if (typeof status?.state !== "string" || !status.state.startsWith("TASK_STATE_")) return undefined;
  status.state = status.state.slice("TASK_STATE_".length).toLowerCase().replace(/_/g, "-");
  return { events: [e] };
}

/** A 1.0 SSE status or artifact update sent as 0.3 sent it: the object itself, told apart by `kind`. */
function updateKindShaped(e: unknown, x: Exchange): { events: unknown[] } | undefined {
  const response = jsonStreamResponse(e, x);
  const member = response && (["statusUpdate", "artifactUpdate"] as const).find((m) => isObject(response[m]));
  if (!response || !member) return undefined;
  const update = response[member] as Record<string, unknown>;
  delete response[member];
  Object.assign(response, { kind: member === "statusUpdate" ? "status-update" : "artifact-update" }, update);
  return { events: [e] };
}

/** A 1.0 stream's update members under the proto's snake_case field names (seen at first sight: vallum). */
function updateMembersSnakeCase(e: unknown, x: Exchange): { events: unknown[] } | undefined {
  const response = jsonStreamResponse(e, x);
  const member = response && (["statusUpdate", "artifactUpdate"] as const).find((m) => isObject(response[m]));
  if (!response || !member) return undefined;
  response[member === "statusUpdate" ? "status_update" : "artifact_update"] = response[member];
  delete response[member];
  return { events: [e] };
}

/**
 * A 1.0 message stream's working updates sent as whole Task snapshots (as a2amesh did at first sight): a
 * status update in a working state becomes the Task in that state, an artifact update the Task carrying
 * that artifact. The final status update stays, so each snapshot is followed by more of the stream.
 */
function updatesAsTaskSnapshots(e: unknown, x: Exchange): { events: unknown[] } | undefined {
  const response = x.verb === "stream" ? jsonStreamResponse(e, x) : undefined;
  if (!response) return undefined;
  const status = isObject(response.statusUpdate) ? response.statusUpdate : undefined;
  const artifact = isObject(response.artifactUpdate) ? response.artifactUpdate : undefined;
  const update = status ?? artifact;
  if (!update || typeof update.taskId !== "string") return undefined;
  if (status && !(isObject(status.status) && /WORKING|SUBMITTED/.test(String(status.status.state))))
    return undefined;
  response.task = {
    id: update.taskId,
    contextId: update.contextId,
    status: status ? status.status : { state: "TASK_STATE_WORKING" },
    ...(artifact ? { artifacts: [artifact.artifact] } : {}),
  };
  delete response.statusUpdate;
  delete response.artifactUpdate;
  return { events: [e] };
}

// lf.a2a.v1.TaskState TASK_STATE_WORKING (A2A 1.0.1 §5.5).
const GRPC_WORKING = 2;

/** updatesAsTaskSnapshots on a decoded gRPC StreamResponse. */
function grpcUpdatesAsTaskSnapshots(e: unknown, x: GrpcExchange): { events: unknown[] } | undefined {
  if (x.verb !== "stream") return undefined;
  const status = grpcPayload(e, "statusUpdate");
  const artifact = grpcPayload(e, "artifactUpdate");
  const update = status ?? artifact;
  if (!update || typeof update.taskId !== "string") return undefined;
  const state = isObject(status?.status) ? Number(status.status.state) : GRPC_WORKING;
  if (state !== GRPC_WORKING && state !== GRPC_SUBMITTED) return undefined;
  const task = {
    id: update.taskId,
    contextId: update.contextId,
    status: status ? status.status : { state: GRPC_WORKING },
    artifacts: artifact ? [artifact.artifact] : [],
    history: [],
  };
  return { events: [{ payload: { $case: "task", value: task } }] };
}

/**
 * Deviations in the shape of an A2A 1.0 message stream: the order its events arrive in (1.0.1 §3.5.2),
 * the Message-only stream (§3.1.2), and the JSON its events are spelt in (§3.2.3, §5.5).
 */
export const streamShapeMutations: Mutation[] = [
  {
    id: "calls-streamed-when-streams-accepted",
    bindings: ["JSONRPC"],
    generations: ["0.x"],
    what: "a method that is no stream (tasks/get, tasks/cancel, the push methods) is answered as an event stream whenever the request's Accept lists text/event-stream (seen at first sight)",
    clause:
      "A2A 0.3 §7 (0.1, 0.2 likewise): the response body MUST be a JSONRPCResponse object, an SSE stream only for streaming methods",
    check: "transport.calls-answer-json",
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || x.verb === "stream" || x.verb === "subscribe") return undefined;
      if (!/text\/event-stream/i.test(x.accept ?? "") || r.body === undefined) return undefined;
      r.contentType = "text/event-stream";
      r.raw = `data: ${JSON.stringify(r.body)}\n\n`;
      return r;
    },
  },
  {
    id: "stream-task-after-first-update",
    violates: ["STREAM-ORDER-001"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a message stream delivers its opening Task (submitted) after the working update the agent generated next",
    clause:
      "A2A 1.0.1 §3.5.2 (events MUST be delivered in the order they were generated, never reordered in transmission)",
    check: "streaming.events-well-formed",
    // 0.3 states no delivery order (its §7.2 lists events without one); the 1.0 clause is what is broken.
    generations: ["1.0"],
    event: taskHeldPastFirstUpdate(isSubmittedTask, (e) => statusUpdate(e) !== undefined, isFinalEvent),
    grpcEvent: taskHeldPastFirstUpdate(
      grpcIsSubmittedTask,
      (e) => grpcStatusUpdate(e) !== undefined,
      grpcIsFinal,
    ),
  },
  {
    id: "stream-opens-with-message",
    violates: ["CORE-STREAM-002"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a message stream opens with an agent Message (an acknowledgement), then carries the Task and its updates",
    clause:
      "A2A 1.0.1 §3.1.2 (if the agent returns a Message, the stream MUST contain exactly one Message object and then close)",
    check: "streaming.stream-ends",
    // 0.3 §7.2 lets any event of a stream be a Message, in any order.
    generations: ["1.0"],
    event: messageBeforeTask,
    grpcEvent: grpcMessageBeforeTask,
  },
  {
    id: "stream-event-state-lowercase",
    violates: ["DM-SERIAL-002"],
    // gRPC carries the state as an enum number: there is no spelling to get wrong.
    bindings: ["JSONRPC", "HTTP+JSON"],
    what: 'the Task and status updates of message streams and subscriptions spell their state as 0.3 did ("working", "completed")',
    clause:
      "A2A 1.0.1 §5.5 (enum values MUST be represented according to ProtoJSON: TASK_STATE_WORKING, TASK_STATE_COMPLETED)",
    check: "streaming.wire-format",
    generations: ["1.0"],
    event: stateLowercased,
  },
  {
    id: "stream-event-kind-shaped",
    bindings: ["JSONRPC", "HTTP+JSON"],
    what: 'the status and artifact updates of message streams and subscriptions come as 0.3 objects ({"kind": "status-update", ...}), with no statusUpdate or artifactUpdate member',
    clause:
      "A2A 1.0.1 §3.2.3 StreamResponse (a2a.proto oneof payload: task, message, statusUpdate, artifactUpdate), §9.4.2, §11.7; Appendix A.2.1 (the kind discriminator is removed)",
    check: "streaming.wire-format",
    generations: ["1.0"],
    event: updateKindShaped,
  },
  {
    id: "stream-update-members-snake-case",
    bindings: ["JSONRPC", "HTTP+JSON"],
    what: 'the status and artifact updates of message streams and subscriptions come under the proto\'s field names ({"status_update": ...}, {"artifact_update": ...}; seen at first sight)',
    clause:
      "A2A 1.0.1 §5.5 (all JSON serializations MUST use camelCase naming for field names), §3.2.3 StreamResponse",
    check: "streaming.wire-format",
    generations: ["1.0"],
    event: updateMembersSnakeCase,
  },
  {
    id: "stream-updates-as-task-snapshots",
    violates: ["STREAM-ORDER-001"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a message stream sends the whole Task again in place of each working status or artifact update (seen at first sight)",
    clause:
      "A2A 1.0.1 §3.1.2 (the stream MUST begin with the Task object, followed by zero or more TaskStatusUpdateEvent or TaskArtifactUpdateEvent objects); §11.7 allows only a final Task snapshot",
    check: "streaming.events-well-formed",
    // 0.3 §7.2 lets any event of a stream be a Task.
    generations: ["1.0"],
    event: updatesAsTaskSnapshots,
    grpcEvent: grpcUpdatesAsTaskSnapshots,
  },
];
