import { isObject } from "../exchange.js";
import type { Exchange, GrpcExchange, Mutation, MutationMemory } from "../types.js";
import { GRPC_TERMINAL, grpcIsFinal, grpcStatusUpdate, grpcStreamTaskId } from "./grpc-shapes.js";
import {
  isFinalEvent,
  METHOD_NOT_FOUND,
  rpcParams,
  statusUpdate,
  streamEventContextId,
  streamEventTaskId,
  TASK_NOT_FOUND,
  taskIn,
} from "./shapes.js";

const ALL = ["JSONRPC", "HTTP+JSON", "GRPC"] as const;

// TaskState's terminal values as 0.x and 1.0's JSON spell them.
const TERMINAL_STATE =
  /^(completed|failed|canceled|cancelled|rejected|TASK_STATE_(COMPLETED|FAILED|CANCELED|REJECTED))$/;

/** Whether a status update (any binding's) reports a terminal state. */
function terminalUpdate(update: Record<string, unknown> | undefined): boolean {
  const status = isObject(update?.status) ? update.status : undefined;
  const state = status?.state;
  return typeof state === "number"
    ? GRPC_TERMINAL.has(state)
    : typeof state === "string" && TERMINAL_STATE.test(state);
}

// Subscriptions whose first event has gone by, per exchange.
const pastFirst = new WeakSet<object>();

/**
 * After a subscription's first event, the task working and then back in submitted, as an agent that runs the
 * task again for the subscriber reports it (the first event may itself say submitted, so working comes first).
 */
function submittedAfterFirst(e: unknown, x: Exchange): { events: unknown[] } | undefined {
  if (x.verb !== "subscribe" || pastFirst.has(x) || isFinalEvent(e)) return undefined;
  pastFirst.add(x);
  const taskId = streamEventTaskId(e);
  if (!taskId) return undefined;
  const contextId = streamEventContextId(e);
  const update = (state: "working" | "submitted") =>
    x.generation === "1.0"
      ? { statusUpdate: { taskId, contextId, status: { state: `TASK_STATE_${state.toUpperCase()}` } } }
      : { kind: "status-update", taskId, contextId, status: { state }, final: false };
  const framed = (body: object) => (x.binding === "jsonrpc" && isObject(e) ? { ...e, result: body } : body);
  return { events: [e, framed(update("working")), framed(update("submitted"))] };
}

// lf.a2a.v1.TaskState TASK_STATE_SUBMITTED and TASK_STATE_WORKING (the same numbers in 0.3's a2a.v1).
const GRPC_SUBMITTED = 1;
const GRPC_WORKING = 2;

/** submittedAfterFirst on a decoded gRPC StreamResponse. */
function grpcSubmittedAfterFirst(e: unknown, x: GrpcExchange): { events: unknown[] } | undefined {
  if (x.verb !== "subscribe" || pastFirst.has(x) || grpcIsFinal(e)) return undefined;
  pastFirst.add(x);
  const taskId = grpcStreamTaskId(e);
  const value = isObject(e) && isObject(e.payload) && isObject(e.payload.value) ? e.payload.value : undefined;
  if (!taskId || !value) return undefined;
  const update = (state: number) => ({
    payload: { $case: "statusUpdate", value: { taskId, contextId: value.contextId, status: { state } } },
  });
  return { events: [e, update(GRPC_WORKING), update(GRPC_SUBMITTED)] };
}

/** The task a subscribe request names: JSON-RPC params.id, the HTTP+JSON path, or the gRPC request's id. */
function subscribedTask(x: Exchange | GrpcExchange): string | undefined {
  if ("binding" in x) {
    if (x.binding === "jsonrpc") {
      const id = rpcParams(x)?.id;
      return typeof id === "string" ? id : undefined;
    }
    return /\/tasks\/([^/:]+):subscribe/.exec(x.path)?.[1];
  }
  return isObject(x.request) && typeof x.request.id === "string" ? x.request.id : undefined;
}

// Subscriptions already seen per task, and the ones cut short, per proxy.
const SEEN = "subscriptions-per-task";
const cut = new WeakSet<object>();
const order = new WeakMap<object, number>();

/** Which subscription of its task this exchange is (1 for the first), counted once per exchange. */
function subscriptionNumber(x: Exchange | GrpcExchange, memory: MutationMemory): number {
  const known = order.get(x);
  if (known !== undefined) return known;
  let seen = memory.get(SEEN) as Map<string, number> | undefined;
  if (!seen) memory.set(SEEN, (seen = new Map()));
  const task = subscribedTask(x) ?? "";
  const n = (seen.get(task) ?? 0) + 1;
  seen.set(task, n);
  order.set(x, n);
  return n;
}

/** A subscription stream that closes with no event at all. */
function closeAtOnce(x: Exchange | GrpcExchange): { events: unknown[]; end: boolean } | undefined {
  if (x.verb !== "subscribe") return undefined;
  return { events: [], end: true };
}

/** The second subscription of a task closes after its first event, before the task ends. */
function secondCutShort(final: (e: unknown) => boolean) {
  return (e: unknown, x: Exchange | GrpcExchange, memory: MutationMemory) => {
    if (x.verb !== "subscribe" || cut.has(x) || subscriptionNumber(x, memory) < 2 || final(e))
      return undefined;
    cut.add(x);
    return { events: [e], end: true };
  };
}

// The open subscriptions per task, and the ones told to stop at their next event.
const OPEN = "open-subscriptions-per-task";
const stopping = new WeakSet<object>();

function openSubscriptions(memory: MutationMemory): Map<string, Set<object>> {
  let perTask = memory.get(OPEN) as Map<string, Set<object>> | undefined;
  if (!perTask) memory.set(OPEN, (perTask = new Map()));
  return perTask;
}

/** A subscription is open from its first event; one told to stop ends at its next, with nothing more. */
function endIfStopping(_e: unknown, x: Exchange | GrpcExchange, memory: MutationMemory) {
  if (x.verb !== "subscribe") return undefined;
  if (stopping.has(x)) return { events: [], end: true };
  const task = subscribedTask(x) ?? "";
  const perTask = openSubscriptions(memory);
  perTask.set(task, (perTask.get(task) ?? new Set()).add(x));
  return undefined;
}

/** The client dropped one subscription: every other open subscription of its task stops too. */
function dropStopsOthers(x: Exchange | GrpcExchange, memory: MutationMemory): void {
  if (x.verb !== "subscribe") return;
  const open = openSubscriptions(memory).get(subscribedTask(x) ?? "");
  open?.delete(x);
  for (const other of open ?? []) stopping.add(other);
}

/** Whether a stream event is an artifact update, on any binding (JSON `artifactUpdate` or 0.x kind; gRPC payload). */
function isArtifactUpdate(e: unknown): boolean {
  const result = isObject(e) && isObject(e.result) ? e.result : e;
  if (!isObject(result)) return false;
  if (isObject(result.artifactUpdate) || result.kind === "artifact-update") return true;
  return isObject(result.payload) && result.payload.$case === "artifactUpdate";
}

/** A subscription that passes on everything but artifact updates (seen at first sight: a poller of the store). */
function withoutArtifacts(e: unknown, x: Exchange | GrpcExchange): { events: unknown[] } | undefined {
  return x.verb === "subscribe" && isArtifactUpdate(e) ? { events: [] } : undefined;
}

const FINISHED_IDS = "finished task ids the agent named";
/**
 * A state a task ends in by the agent's own work, as 0.x (kebab case) or 1.0 (ProtoJSON) spells it: the
 * check's finished task is one such (a task canceled by another check is not one it can name).
 */
const TERMINAL = /^(completed|failed|rejected)$|^TASK_STATE_(COMPLETED|FAILED|REJECTED)$/;

/** The state a Task or a status update carries (a reply's Task, or an event's), if any. */
function stateOf(holder: unknown): unknown {
  const result = isObject(holder) && isObject(holder.result) ? holder.result : holder;
  if (!isObject(result)) return undefined;
  const inner = [result.task, result.statusUpdate].find(isObject) ?? result;
  return isObject(inner.status) ? inner.status.state : undefined;
}

const NAMED_IDS = "task ids the agent named";

/** Remembers a task the agent has named, and whether it named it finished: one a resubscribe can be asked about. */
function noteFinished(memory: MutationMemory, id: unknown, state: unknown): void {
  if (typeof id !== "string") return;
  const named = (memory.get(NAMED_IDS) as Set<string> | undefined) ?? new Set<string>();
  memory.set(NAMED_IDS, named.add(id));
  if (typeof state !== "string" || !TERMINAL.test(state)) return;
  const finished = (memory.get(FINISHED_IDS) as Set<string> | undefined) ?? new Set<string>();
  memory.set(FINISHED_IDS, finished.add(id));
}

/**
 * Whether the agent has named a finished task of its own: only then can a refusal of an unknown id be told
 * from the method left out, by resubscribing to that task (a message-only agent, or one whose tasks all ask
 * back, shows no difference).
 */
const hasFinishedTask = (memory: MutationMemory): boolean =>
  ((memory.get(FINISHED_IDS) as Set<string> | undefined)?.size ?? 0) > 0;

/**
 * A subscription's TaskNotFound for an id the agent never named turned into MethodNotFound (-32601), once the agent
 * has finished a task.
 */
function notFoundAsUnknownMethod(error: unknown, x: Exchange, memory: MutationMemory): boolean {
  if (x.verb !== "subscribe" || x.binding !== "jsonrpc" || !hasFinishedTask(memory)) return false;
  // Only an id the agent never named: its own tasks are answered as the agent answers them.
  const id = rpcParams(x)?.id;
  if (typeof id !== "string" || (memory.get(NAMED_IDS) as Set<string> | undefined)?.has(id)) return false;
  if (!isObject(error) || error.code !== TASK_NOT_FOUND.code) return false;
  error.code = METHOD_NOT_FOUND;
  error.message = "Method not found";
  return true;
}

/** Deviations in subscriptions (tasks/resubscribe, SubscribeToTask), of running and of finished tasks. */
export const subscriptionMutations: Mutation[] = [
  {
    // Seen at first sight on 0.1 and 1.0 agents whose tasks all end at once: the subscription method is answered
    // as an unknown method, though the card says the agent streams. The agent itself answers: the request goes
    // on under a method name no agent serves.
    id: "subscribe-unserved",
    violates: ["STREAM-SUB-001"],
    what: "the card claims streaming, but tasks/resubscribe (SubscribeToTask) is not served: it is answered as an unknown method (-32601)",
    clause:
      "A2A 0.1 §5.5.2 AgentCapabilities.streaming (tasks/sendSubscribe and tasks/resubscribe); 1.0.1 §3.1.6, §3.5.1 (streaming covers SendStreamingMessage and SubscribeToTask)",
    // 0.2 and 0.3 leave the method optional (0.3 §11.1.3: MAY): no deviation there.
    check: { "0.1": "streaming.subscribe-running-0x", "1.0": "streaming.subscribe-running" },
    protocols: ["0.1", "1.0"],
    bindings: ["JSONRPC"],
    request: (r, x) => {
      if (x.verb !== "subscribe" || x.binding !== "jsonrpc" || !isObject(r.body)) return undefined;
      if (typeof r.body.method !== "string") return undefined;
      r.body.method = `${r.body.method}Unserved`;
      return r;
    },
  },
  {
    // Seen at first sight: a bridge that serves tasks/resubscribe for its own tasks and answers any other id as an
    // unknown method (-32601). The agent itself answers: the request goes on under a method name no agent serves.
    id: "subscribe-unknown-as-method-not-found",
    what: "tasks/resubscribe (SubscribeToTask) of a task that does not exist is answered as an unknown method (-32601), while the agent's own tasks are served",
    clause:
      "A2A 1.0.1 §3.4.2 (MUST return a TaskNotFoundError if the taskId does not correspond to an existing task); 0.3 §8.2, §7.9",
    check: { "0.x": "streaming.subscribe-unknown-task-0x", "1.0": "streaming.subscribe-unknown-task" },
    protocols: ["0.2", "0.3", "1.0"],
    bindings: ["JSONRPC"],
    // Played once the agent has named a finished task of its own (hasFinishedTask).
    reply: (r, x, memory) => {
      const task = taskIn(r, x);
      noteFinished(memory, task?.id, stateOf(task));
      return isObject(r.body) && notFoundAsUnknownMethod(r.body.error, x, memory) ? r : undefined;
    },
    event: (e, x, memory) => {
      noteFinished(memory, streamEventTaskId(e), stateOf(e));
      return isObject(e) && notFoundAsUnknownMethod(e.error, x, memory) ? { events: [e] } : undefined;
    },
  },
  {
    // Seen at first sight: an agent whose resubscription to a finished task is an event stream that closes
    // at once, empty. Its own refusal, when it sends one before the stream, is turned into that stream too.
    id: "finished-task-subscription-silent",
    what: "a resubscription to a finished task is an event stream that closes at once with no event and no error",
    clause:
      "JSON-RPC 2.0 §5 (the Server MUST reply with a Response); A2A 0.3 §7.9, §7.2.1 (a stream's events are its responses)",
    check: { "0.x": "streaming.subscribe-terminal-0x" },
    generations: ["0.x"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    event: (_e, x) => closeAtOnce(x),
    reply: (r, x) =>
      x.verb === "subscribe"
        ? { ...r, status: 200, contentType: "text/event-stream", body: undefined, raw: "" }
        : undefined,
  },
  {
    id: "subscription-reruns-task",
    violates: ["STREAM-SUB-001"],
    what: "a subscription to a running task puts it back in submitted after its first event, as an agent that runs the task's last message again for the subscriber does (seen at first sight)",
    clause:
      "A2A 0.3 §6.3, 1.0.1 §4.1.3 (a task that left submitted does not return to it); 0.3 §7.9 (tasks/resubscribe resumes the task's subsequent updates), 1.0.1 §3.1.6",
    check: { "0.x": "streaming.subscribe-running-0x", "1.0": "streaming.subscribe-running" },
    bindings: ALL,
    event: submittedAfterFirst,
    grpcEvent: grpcSubmittedAfterFirst,
  },
  {
    id: "subscription-event-after-final",
    what: "a subscription sends the task's terminal status update twice: an event follows the task's end",
    clause:
      "A2A 1.0.1 §3.1.6 (the stream MUST terminate when the task reaches a terminal state); 0.3 §7.2.2 (final: true marks the final event in the stream)",
    check: { "0.x": "streaming.subscribe-running-0x", "1.0": "streaming.subscribe-running" },
    bindings: ALL,
    event: (e, x) =>
      x.verb === "subscribe" && terminalUpdate(statusUpdate(e))
        ? { events: [e, structuredClone(e)] }
        : undefined,
    grpcEvent: (e, x) =>
      x.verb === "subscribe" && terminalUpdate(grpcStatusUpdate(e))
        ? { events: [e, structuredClone(e)] }
        : undefined,
  },
  {
    id: "subscription-closes-at-once",
    violates: ["STREAM-SUB-001"],
    what: "a subscription to a running task closes at once, with no event",
    clause:
      "A2A 1.0.1 §3.1.6 (SubscribeToTask streams the task's updates until it ends); 0.3 §7.9 (tasks/resubscribe resumes the subsequent updates)",
    check: { "0.x": "streaming.subscribe-running-0x", "1.0": "streaming.subscribe-running" },
    bindings: ALL,
    event: (_e, x) => closeAtOnce(x),
    grpcEvent: (_e, x) => closeAtOnce(x),
  },
  {
    id: "second-subscriber-cut-short",
    violates: ["STREAM-ORDER-002", "STREAM-ORDER-003", "STREAM-SUB-002"],
    what: "a second subscription of a running task closes before the task ends",
    clause: "A2A 1.0.1 §3.1.6 (events are broadcast to every open stream, to the end)",
    check: "streaming.several-subscribers",
    generations: ["1.0"],
    bindings: ALL,
    event: secondCutShort(isFinalEvent),
    grpcEvent: secondCutShort(grpcIsFinal),
  },
  {
    id: "subscriptions-miss-artifact-updates",
    violates: ["STREAM-ORDER-002"],
    what: "subscriptions of a running task get its status updates but none of the artifact updates its message stream gets",
    clause:
      "A2A 1.0.1 §3.5.2 (events MUST be broadcast to all active streams for that task; each stream MUST receive the same events in the same order)",
    check: "streaming.several-subscribers",
    generations: ["1.0"],
    bindings: ALL,
    event: withoutArtifacts,
    grpcEvent: withoutArtifacts,
  },
  {
    id: "dropped-subscription-ends-others",
    violates: ["STREAM-ORDER-004"],
    what: "a subscription of a running task ends, without the task's final event, when the client drops another subscription of the task",
    clause: "A2A 1.0.1 §3.5.2 (closing one stream MUST NOT affect other active streams for the same task)",
    check: "streaming.closed-stream-spares-others",
    generations: ["1.0"],
    bindings: ALL,
    event: endIfStopping,
    grpcEvent: endIfStopping,
    streamDropped: dropStopsOthers,
  },
];
