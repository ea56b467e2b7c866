import { isObject } from "../exchange.js";
import type { Exchange, ForwardedRequest, GrpcReply, Json, Mutation, MutationMemory } from "../types.js";
import { grpcPayload, grpcRequestMessage, grpcTask } from "./grpc-shapes.js";
import { statusUpdate, taskIn } from "./shapes.js";

// Deviations in continuing a task that asked for input (A2A 1.0.1 §3.4.3, 0.3 §9.4): the client
// answers with the task's taskId and contextId, and the agent must resume that task.

// TaskState INPUT_REQUIRED: "input-required" in 0.3's JSON-RPC, TASK_STATE_INPUT_REQUIRED in ProtoJSON,
// 6 in both generations' proto.
const INPUT_REQUIRED = new Set<unknown>(["input-required", "TASK_STATE_INPUT_REQUIRED", 6]);
const askingKey = (taskId: string) => `asking:${taskId}`;

/** Remembers a task seen waiting for input: a message naming it later is an answer to it. */
function recordAsking(memory: MutationMemory, task: Json | undefined, idField: "id" | "taskId"): void {
  const id = task?.[idField];
  const status = isObject(task?.status) ? task.status : undefined;
  if (typeof id === "string" && INPUT_REQUIRED.has(status?.state)) memory.set(askingKey(id), true);
}

/** The message of a send or stream request as the agent will get it, on JSON-RPC or HTTP+JSON. */
function forwardedMessage(r: ForwardedRequest, x: Exchange): Json | undefined {
  if (x.verb !== "send" && x.verb !== "stream") return undefined;
  const params = x.binding === "jsonrpc" && isObject(r.body) ? r.body.params : r.body;
  return isObject(params) && isObject(params.message) ? params.message : undefined;
}

/** Drops the taskId of a message answering a task that asked for input; whether it did. */
function forgetTask(message: Json | undefined, memory: MutationMemory): boolean {
  const id = message?.taskId;
  if (!message || typeof id !== "string" || !memory.get(askingKey(id))) return false;
  // The contextId stays: the agent starts a fresh task in the same conversation.
  delete message.taskId;
  return true;
}

const answerStartsNewTask: Mutation = {
  id: "input-answer-starts-new-task",
  what: "a message answering an input-required task (its taskId and contextId) starts a new task in the same context instead of continuing the one that asked",
  clause:
    "A2A 1.0.1 §3.4.3 (Input Required State: the client continues the interaction with the same taskId and contextId); 0.3 §9.4 (the requested input is sent using the same task ID)",
  check: "lifecycle.input-required-continues",
  bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
  request: (r, x, memory) => (forgetTask(forwardedMessage(r, x), memory) ? r : undefined),
  grpcRequest: (call, x, memory) => {
    if (x.verb !== "send" && x.verb !== "stream") return undefined;
    const message = grpcRequestMessage({ ...x, request: call.request });
    const id = message?.taskId;
    if (!message || typeof id !== "string" || !memory.get(askingKey(id))) return undefined;
    // proto3 strings have no absence: the empty taskId is the field left out.
    message.taskId = "";
    return call;
  },
  reply: (r, x, memory) => {
    if (x.verb === "send" || x.verb === "get") recordAsking(memory, taskIn(r, x), "id");
    return undefined;
  },
  event: (event, _x, memory) => {
    const result = isObject(event) && isObject(event.result) ? event.result : event;
    const task =
      isObject(result) && isObject(result.task) ? result.task : isObject(result) ? result : undefined;
    recordAsking(memory, statusUpdate(event), "taskId");
    recordAsking(memory, task, "id");
    return undefined;
  },
  grpcReply: (r: GrpcReply, x, memory) => {
    if (x.verb === "send" || x.verb === "get") recordAsking(memory, grpcTask(r), "id");
    return undefined;
  },
  grpcEvent: (event, _x, memory) => {
    recordAsking(memory, grpcPayload(event, "task"), "id");
    recordAsking(memory, grpcPayload(event, "statusUpdate"), "taskId");
    return undefined;
  },
};

/** Deviations in continuing tasks that asked for input. */
export const continuationMutations: Mutation[] = [answerStartsNewTask];
