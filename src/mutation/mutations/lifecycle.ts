import { isObject } from "../exchange.js";
import type {
  BufferedReply,
  Exchange,
  GrpcExchange,
  GrpcReply,
  Json,
  Mutation,
  MutationMemory,
} from "../types.js";
import {
  TASK_NOT_CANCELABLE,
  TASK_NOT_FOUND,
  asInternalError,
  eachObject,
  otherId,
  pushOperation,
  requestMessage,
  rpcError,
  rpcResult,
  spellsProto,
  stateName,
  successBody,
  taskIn,
} from "./shapes.js";
import {
  GRPC_FAILED_PRECONDITION,
  GRPC_NOT_FOUND,
  GRPC_STATE,
  grpcAsInternal,
  grpcRequestMessage,
  grpcTask,
} from "./grpc-shapes.js";

const CANCELED = "canceled-task-ids";

function canceledIds(memory: Map<string, unknown>): Set<string> {
  let ids = memory.get(CANCELED) as Set<string> | undefined;
  if (!ids) memory.set(CANCELED, (ids = new Set()));
  return ids;
}

/** The reply to a send of a message that names a task, as if the agent had accepted it. */
function acceptedTask(reply: BufferedReply, x: Exchange): BufferedReply | undefined {
  const message = requestMessage(x);
  const refused = x.binding === "rest" ? reply.status >= 400 : rpcError(reply) !== undefined;
  if (!message || typeof message.taskId !== "string" || !refused || !isObject(reply.body)) return undefined;
  const task: Json = {
    id: message.taskId,
    contextId: typeof message.contextId === "string" ? message.contextId : otherId(),
    status: { state: stateName(x, "completed"), timestamp: new Date().toISOString() },
  };
  if (!spellsProto(x)) task.kind = "task";
  reply.status = 200;
  if (x.binding === "rest") {
    reply.body = { task };
    return reply;
  }
  delete reply.body.error;
  reply.body.result = x.generation === "1.0" ? { task } : task;
  return reply;
}

/** Every contextId in a task equal to `old` (the task's, its messages') becomes one fresh id. */
function moveToFreshContext(task: Json, old: unknown): void {
  const fresh = otherId();
  eachObject(task, (o) => {
    if (o.contextId === old) o.contextId = fresh;
  });
}

const ISSUED = "context-ids-issued";

/** The contextIds the agent has put in its replies so far: the contexts it issued (or accepted). */
function issuedContexts(memory: MutationMemory): Set<string> {
  let ids = memory.get(ISSUED) as Set<string> | undefined;
  if (!ids) memory.set(ISSUED, (ids = new Set()));
  return ids;
}

const CLIENT_MADE = "context-ids-client-made";

function clientMadeContexts(memory: MutationMemory): Set<string> {
  let ids = memory.get(CLIENT_MADE) as Set<string> | undefined;
  if (!ids) memory.set(CLIENT_MADE, (ids = new Set()));
  return ids;
}

/**
 * Notes, when a send goes out, a contextId the agent has not issued as one the client made up: decided on the
 * request, since a reply to another call running beside it (a ListTasks) may name the context before this
 * send's own reply comes back. Changes nothing.
 */
function noteClientMade(message: Json | undefined, memory: MutationMemory): undefined {
  const contextId = message?.contextId;
  if (typeof contextId === "string" && contextId !== "" && !issuedContexts(memory).has(contextId))
    clientMadeContexts(memory).add(contextId);
  return undefined;
}

/** Notes every contextId in a reply or event as issued by the agent; changes nothing. */
function noteContexts(body: unknown, memory: MutationMemory): undefined {
  const ids = issuedContexts(memory);
  eachObject(body, (o) => {
    if (typeof o.contextId === "string" && o.contextId) ids.add(o.contextId);
  });
  return undefined;
}

/**
 * A send whose message carries a contextId the agent never issued (one the client made up), answered in
 * a context of the agent's own instead of being kept or refused. Whether it applied.
 */
function replaceClientContext(message: Json | undefined, reply: unknown, memory: MutationMemory): boolean {
  const contextId = message?.contextId;
  const made = typeof contextId === "string" && clientMadeContexts(memory).has(contextId) && !message?.taskId;
  if (made && isObject(reply)) moveToFreshContext(reply, contextId);
  noteContexts(reply, memory);
  return made && isObject(reply);
}

/** A refused send of a message that names a task, answered as if the agent had accepted it. */
function acceptRefusedSend(r: BufferedReply, x: Exchange): BufferedReply | undefined {
  return x.verb === "send" ? acceptedTask(r, x) : undefined;
}

/** The same over gRPC: the error becomes a SendMessageResponse with a completed Task. */
function grpcAcceptRefusedSend(r: GrpcReply, x: GrpcExchange): GrpcReply | undefined {
  const message = grpcRequestMessage(x);
  if (x.verb !== "send" || !r.error || typeof message?.taskId !== "string" || !message.taskId)
    return undefined;
  const task = {
    id: message.taskId,
    contextId: typeof message.contextId === "string" && message.contextId ? message.contextId : otherId(),
    status: { state: GRPC_STATE.completed, message: undefined, timestamp: undefined },
    artifacts: [],
    history: [],
    metadata: undefined,
  };
  return { response: { payload: { $case: "task", value: task } } };
}

/** A push config create or list (the operations that name a task, not a config). */
function isCreateOrList(x: Exchange | GrpcExchange): boolean {
  const operation = pushOperation(x);
  return operation === "create" || operation === "list";
}

function isGetOrDelete(x: Exchange | GrpcExchange): boolean {
  const operation = pushOperation(x);
  return operation === "get" || operation === "delete";
}

/** Deviations in the task lifecycle: reading, canceling and continuing tasks. */
export const lifecycleMutations: Mutation[] = [
  {
    id: "unknown-task-as-internal-error",
    violates: ["CORE-GET-002", "JSONRPC-ERR-002", "JSONRPC-SSE-002"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "reading a task that does not exist is answered -32603 instead of TaskNotFound",
    clause:
      "A2A 0.3 §7.3 tasks/get errors, §11.1.5; 1.0.1 §3.1.3 GetTask (MUST return TaskNotFoundError); 0.1, 0.2 §8.2 (SHOULD)",
    check: {
      "0.1": "lifecycle.unknown-task-not-found-0x",
      "0.2": "lifecycle.unknown-task-not-found-0x",
      "0.x": "lifecycle.unknown-task-not-found",
      "1.0": "lifecycle.unknown-task-not-found",
    },
    reply: (r, x) => (x.verb === "get" ? asInternalError(r, x, TASK_NOT_FOUND) : undefined),
    grpcReply: (r, x) => (x.verb === "get" ? grpcAsInternal(r, GRPC_NOT_FOUND) : undefined),
  },
  {
    id: "push-unknown-task-as-internal-error",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "creating or listing the push configs of a task that does not exist is answered -32603 instead of TaskNotFound",
    clause: "A2A 1.0.1 §3.1.7, §3.1.9 (TaskNotFoundError: the task ID does not exist); 0.3 §8.2",
    check: { "0.x": "push.unknown-task-not-found-0x", "1.0": "push.unknown-task-not-found" },
    reply: (r, x) => (isCreateOrList(x) ? asInternalError(r, x, TASK_NOT_FOUND) : undefined),
    grpcReply: (r, x) => (isCreateOrList(x) ? grpcAsInternal(r, GRPC_NOT_FOUND) : undefined),
  },
  {
    id: "push-read-missing-as-internal-error",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "reading or deleting a push config that does not exist (or of a task that does not exist) is answered -32603 instead of TaskNotFound",
    clause: "A2A 1.0.1 §3.1.8, §3.1.10 (TaskNotFoundError), §3.3.2 (MUST return a not found error)",
    check: { "1.0": "push.unknown-task-not-found" },
    generations: ["1.0"],
    reply: (r, x) => (isGetOrDelete(x) ? asInternalError(r, x, TASK_NOT_FOUND) : undefined),
    grpcReply: (r, x) => (isGetOrDelete(x) ? grpcAsInternal(r, GRPC_NOT_FOUND) : undefined),
  },
  {
    id: "cancel-unknown-as-internal-error",
    violates: ["CORE-CANCEL-003"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "canceling a task that does not exist is answered -32603 instead of TaskNotFound",
    clause: "A2A 0.3 §7.4 tasks/cancel errors; 1.0.1 §3.1.5 CancelTask",
    check: {
      "0.1": "lifecycle.cancel-unknown-task-0x",
      "0.2": "lifecycle.cancel-unknown-task-0x",
      "0.x": "lifecycle.cancel-unknown-task",
      "1.0": "lifecycle.cancel-unknown-task",
    },
    reply: (r, x) => (x.verb === "cancel" ? asInternalError(r, x, TASK_NOT_FOUND) : undefined),
    grpcReply: (r, x) => (x.verb === "cancel" ? grpcAsInternal(r, GRPC_NOT_FOUND) : undefined),
  },
  {
    id: "cancel-finished-as-internal-error",
    violates: ["CORE-CANCEL-002", "JSONRPC-SSE-002"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "canceling a finished task is answered -32603 instead of TaskNotCancelable",
    clause: "A2A 0.3 §7.4 tasks/cancel errors; 1.0.1 §3.1.5 CancelTask",
    check: { "0.x": "lifecycle.cancel-terminal-errors-0x", "1.0": "lifecycle.cancel-terminal-errors" },
    reply: (r, x) => (x.verb === "cancel" ? asInternalError(r, x, TASK_NOT_CANCELABLE) : undefined),
    grpcReply: (r, x) => (x.verb === "cancel" ? grpcAsInternal(r, GRPC_FAILED_PRECONDITION) : undefined),
  },
  {
    id: "finished-task-accepts-message",
    violates: ["CORE-SEND-002"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a message naming a finished task is accepted instead of refused",
    clause: "A2A 0.3 §7.1 (a terminal task cannot be restarted); 1.0.1 §3.1.1 SendMessage errors",
    check: "lifecycle.terminal-task-rejects-message",
    reply: acceptRefusedSend,
    grpcReply: grpcAcceptRefusedSend,
  },
  {
    id: "unknown-task-accepts-message",
    violates: ["CORE-MULTI-004"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a message naming a task that does not exist is accepted instead of refused with TaskNotFound",
    clause:
      "A2A 1.0.1 §3.1.1 SendMessage errors (TaskNotFoundError); 0.3 §8.2 (SHOULD use TaskNotFoundError)",
    check: { "1.0": "lifecycle.unknown-task-message", "0.x": "lifecycle.unknown-task-message-0x" },
    reply: acceptRefusedSend,
    grpcReply: grpcAcceptRefusedSend,
  },
  {
    id: "context-mismatch-accepted",
    violates: ["CORE-MULTI-006"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a message whose contextId differs from its task's is accepted instead of refused",
    clause: "A2A 1.0.1 §3.4.1 (a taskId and a contextId that do not match are refused)",
    check: "lifecycle.context-task-mismatch",
    generations: ["1.0"],
    reply: acceptRefusedSend,
    grpcReply: grpcAcceptRefusedSend,
  },
  {
    id: "cancel-undone",
    violates: ["CORE-CANCEL-001"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a task reported canceled is working again when it is read afterwards",
    clause: "A2A 0.3 §6.3 (canceled is terminal); 1.0.1 §3.1.5, §5.5 TaskState",
    check: {
      "0.1": "lifecycle.cancel-running-0x",
      "0.x": "lifecycle.cancel-running",
      "1.0": "lifecycle.cancel-running",
    },
    reply: (r, x, memory) => {
      const task = taskIn(r, x);
      if (!task || !isObject(task.status)) return undefined;
      if (x.verb === "cancel" && task.status.state === stateName(x, "canceled")) {
        canceledIds(memory).add(task.id as string);
        return undefined;
      }
      if (x.verb !== "get" || !canceledIds(memory).has(task.id as string)) return undefined;
      task.status.state = stateName(x, "working");
      return r;
    },
    grpcReply: (r, x, memory) => {
      const task = grpcTask(r);
      if (!task || !isObject(task.status)) return undefined;
      if (x.verb === "cancel" && task.status.state === GRPC_STATE.canceled) {
        canceledIds(memory).add(task.id as string);
        return undefined;
      }
      if (x.verb !== "get" || !canceledIds(memory).has(task.id as string)) return undefined;
      task.status.state = GRPC_STATE.working;
      return r;
    },
  },
  {
    id: "state-misspelled",
    violates: ["DM-TASK-002"],
    bindings: ["JSONRPC"],
    what: 'a completed task\'s state is spelled "complete"',
    clause: "A2A 0.3 §6.3 TaskState; 1.0.1 §5.5 TaskState (TASK_STATE_COMPLETED)",
    check: "lifecycle.reply-well-formed",
    reply: (r, x) => {
      const task = x.verb === "send" ? taskIn(r, x) : undefined;
      if (!task || !isObject(task.status)) return undefined;
      if (task.status.state === "completed") task.status.state = "complete";
      else if (task.status.state === "TASK_STATE_COMPLETED") task.status.state = "TASK_STATE_COMPLETE";
      else return undefined;
      return r;
    },
  },
  {
    id: "task-kind-dropped",
    violates: ["DM-TASK-001"],
    bindings: ["JSONRPC"],
    what: 'the Task returned by message/send has no kind: "task"',
    clause: "A2A 0.3 §6.1 Task.kind (required)",
    check: "lifecycle.reply-well-formed",
    generations: ["0.x"],
    reply: (r, x) => {
      const task = x.verb === "send" && x.binding === "jsonrpc" ? taskIn(r, x) : undefined;
      if (!task || task.kind !== "task") return undefined;
      delete task.kind;
      return r;
    },
  },
  {
    id: "send-result-unwrapped",
    bindings: ["JSONRPC"],
    what: "SendMessage's result is the Task (or Message) itself, not a SendMessageResponse holding it",
    clause: "A2A 1.0.1 §3.1.1, §9.4.1 (SendMessageResponse: oneof task, message)",
    check: "lifecycle.reply-well-formed",
    generations: ["1.0"],
    reply: (r, x) => {
      const result = x.verb === "send" && x.binding === "jsonrpc" ? rpcResult(r) : undefined;
      const inner =
        result &&
        (isObject(result.task) ? result.task : isObject(result.message) ? result.message : undefined);
      if (!inner || !isObject(r.body)) return undefined;
      r.body.result = inner;
      return r;
    },
  },
  {
    id: "history-names-other-task",
    bindings: ["JSONRPC"],
    what: "the history messages of a returned Task name another task",
    clause: "A2A 0.3 §6.4 Message.taskId; 1.0.1 §5.6 Message.task_id",
    check: "lifecycle.reply-well-formed",
    reply: (r, x) => {
      const task = x.verb === "send" ? taskIn(r, x) : undefined;
      if (!task || !Array.isArray(task.history) || !task.history.length) return undefined;
      const stranger = otherId();
      for (const m of task.history as unknown[]) if (isObject(m)) m.taskId = stranger;
      return r;
    },
  },
  {
    id: "context-not-kept",
    violates: ["CORE-MULTI-002"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a message sent in an existing context is answered in a new context",
    clause: "A2A 0.3 §7.1 (contextId groups related tasks); 1.0.1 §3.4.1",
    check: { "0.x": "lifecycle.context-kept-0x", "1.0": "lifecycle.context-kept" },
    reply: (r, x) => {
      const message = requestMessage(x);
      const task = x.verb === "send" ? taskIn(r, x) : undefined;
      if (!message || typeof message.contextId !== "string" || !task) return undefined;
      moveToFreshContext(task, message.contextId);
      return r;
    },
    grpcReply: (r, x) => {
      const message = grpcRequestMessage(x);
      const task = x.verb === "send" ? grpcTask(r) : undefined;
      if (typeof message?.contextId !== "string" || !message.contextId || !task) return undefined;
      moveToFreshContext(task, message.contextId);
      return r;
    },
  },
  {
    id: "client-context-replaced",
    violates: ["CORE-MULTI-002a"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a message in a contextId the client made up is answered in a new context of the agent's, neither kept nor refused",
    clause:
      "A2A 1.0.1 §3.4.1 (an agent that cannot accept a client-provided contextId MUST reject the request with an error and MUST NOT generate a new contextId)",
    check: "lifecycle.context-kept",
    generations: ["1.0"],
    request: (_r, x, memory) => (x.verb === "send" ? noteClientMade(requestMessage(x), memory) : undefined),
    grpcRequest: (_call, x, memory) =>
      x.verb === "send" ? noteClientMade(grpcRequestMessage(x), memory) : undefined,
    reply: (r, x, memory) => {
      const body = successBody(r, x);
      if (x.verb !== "send") return noteContexts(body, memory);
      return replaceClientContext(requestMessage(x), body, memory) ? r : undefined;
    },
    event: (e, _x, memory) => noteContexts(e, memory),
    grpcReply: (r, x, memory) => {
      if (x.verb !== "send") return noteContexts(r.response, memory);
      return replaceClientContext(grpcRequestMessage(x), r.response, memory) ? r : undefined;
    },
    grpcEvent: (e, _x, memory) => noteContexts(e, memory),
  },
  {
    id: "context-not-implied",
    violates: ["CORE-MULTI-005"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a message naming only a task is answered in another context than the task's",
    clause: "A2A 1.0.1 §3.4.1 (a message with a taskId and no contextId belongs to the task's context)",
    check: "lifecycle.task-id-implies-context",
    generations: ["1.0"],
    reply: (r, x) => {
      const message = requestMessage(x);
      const task = x.verb === "send" ? taskIn(r, x) : undefined;
      if (!message || typeof message.taskId !== "string" || message.contextId || !task) return undefined;
      moveToFreshContext(task, task.contextId);
      return r;
    },
    grpcReply: (r, x) => {
      const message = grpcRequestMessage(x);
      const task = x.verb === "send" ? grpcTask(r) : undefined;
      if (!message || typeof message.taskId !== "string" || !message.taskId || message.contextId || !task)
        return undefined;
      moveToFreshContext(task, task.contextId);
      return r;
    },
  },
];
