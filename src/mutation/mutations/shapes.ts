import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, ForwardedRequest, GrpcExchange, Json } from "../types.js";

/** The error object of a JSON-RPC error reply (JSON-RPC 2.0 §5.1), if the reply is one. */
export function rpcError(reply: BufferedReply): Json | undefined {
  return isObject(reply.body) && isObject(reply.body.error) ? reply.body.error : undefined;
}

/** The result of a JSON-RPC success reply, if the reply is one. */
export function rpcResult(reply: BufferedReply): Json | undefined {
  return isObject(reply.body) && isObject(reply.body.result) ? reply.body.result : undefined;
}

/** The body of a successful reply: a JSON-RPC result, or an HTTP+JSON body below 300; undefined otherwise. */
export function successBody(reply: BufferedReply, x: Exchange): unknown {
  if (x.binding === "jsonrpc")
    return rpcError(reply) || !isObject(reply.body) ? undefined : reply.body.result;
  return x.binding === "rest" && reply.status < 300 ? reply.body : undefined;
}

/** Whether a reply refuses the request: a JSON-RPC error, or an HTTP+JSON status of 400 or more. */
export function isRefusal(reply: BufferedReply, x: Exchange): boolean {
  return x.binding === "jsonrpc" ? rpcError(reply) !== undefined : reply.status >= 400;
}

/** The configuration of a send's params (0.3 MessageSendConfiguration, 1.0.1 SendMessageConfiguration), or {}. */
export function sendConfiguration(params: unknown): Json {
  return isObject(params) && isObject(params.configuration) ? params.configuration : {};
}

/** A JSON-RPC error reply whose code was `from`, answered with `to` instead. */
export function recode(reply: BufferedReply, from: number, to: number): BufferedReply | undefined {
  const error = rpcError(reply);
  if (!error || error.code !== from) return undefined;
  error.code = to;
  return reply;
}

/** The params of a JSON-RPC request. */
export function rpcParams(x: Exchange): Json | undefined {
  return isObject(x.request) && isObject(x.request.params) ? x.request.params : undefined;
}

/** The Task in a reply: 0.x results are the Task, 1.0 results wrap it as `task`; REST bodies likewise. */
export function taskIn(reply: BufferedReply, x: Exchange): Json | undefined {
  const top = x.binding === "jsonrpc" ? rpcResult(reply) : isObject(reply.body) ? reply.body : undefined;
  if (!top) return undefined;
  const inner = isObject(top.task) ? top.task : top;
  return isObject(inner.status) && typeof inner.id === "string" ? inner : undefined;
}

/** The Message in a request's params (every generation names it `message`). */
export function requestMessage(x: Exchange): Json | undefined {
  const params = x.binding === "jsonrpc" ? rpcParams(x) : isObject(x.request) ? x.request : undefined;
  return params && isObject(params.message) ? params.message : undefined;
}

/** Applies fn to every object in a JSON value, depth first; fn changes objects in place. */
export function eachObject(v: unknown, fn: (o: Json) => void): void {
  if (Array.isArray(v)) for (const x of v) eachObject(x, fn);
  else if (isObject(v)) {
    for (const x of Object.values(v)) eachObject(x, fn);
    fn(v);
  }
}

/**
 * Whether an exchange spells the data model the ProtoJSON way (TASK_STATE_*, ROLE_*, parts as
 * `content`, a send answered as {task}): A2A 1.0 everywhere, and 0.3's HTTP+JSON binding, which
 * 0.3 §3.2.3 defines by the JSON mapping of its proto.
 */
export function spellsProto(x: Pick<Exchange, "generation" | "binding">): boolean {
  return x.generation === "1.0" || x.binding === "rest";
}

/** The state names an exchange spells (0.x JSON-RPC kebab-case, ProtoJSON TASK_STATE_*). */
export function stateName(
  x: Pick<Exchange, "generation" | "binding">,
  state: "submitted" | "completed" | "working" | "canceled",
): string {
  if (!spellsProto(x)) return state;
  // 0.3's proto spells it TASK_STATE_CANCELLED; 1.0.1 §5.5 TASK_STATE_CANCELED.
  if (state === "canceled" && x.generation !== "1.0") return "TASK_STATE_CANCELLED";
  return `TASK_STATE_${state.toUpperCase()}`;
}

/** A fresh id in UUID form, so that only its value differs from the agent's own. */
export function otherId(): string {
  return crypto.randomUUID();
}

/** A status-update event of a stream, whichever generation's wrapping it came in. */
export function statusUpdate(event: unknown): Json | undefined {
  const result = isObject(event) && isObject(event.result) ? event.result : event;
  if (!isObject(result)) return undefined;
  if (isObject(result.statusUpdate)) return result.statusUpdate;
  if (result.kind === "status-update") return result;
  return undefined;
}

/** Whether a stream event ends its stream: 0.x final:true, 1.0 a terminal or interrupted status. */
export function isFinalEvent(event: unknown): boolean {
  const result = isObject(event) && isObject(event.result) ? event.result : event;
  if (!isObject(result)) return false;
  const update = statusUpdate(event);
  if (update && update.final === true) return true;
  const task = isObject(result.task) ? result.task : result.kind === "task" ? result : undefined;
  const status = isObject(update?.status) ? update.status : isObject(task?.status) ? task.status : undefined;
  const state = typeof status?.state === "string" ? status.state : "";
  return (
    update?.final === undefined &&
    /COMPLETED|FAILED|CANCELED|REJECTED|INPUT_REQUIRED|AUTH_REQUIRED/.test(state)
  );
}

/** Whether a 1.0 event (no final flag) reports an interrupted state: its stream may end there, or go on. */
export function isInterruptedEvent(event: unknown): boolean {
  const update = statusUpdate(event);
  if (update?.final !== undefined) return false;
  const result = isObject(event) && isObject(event.result) ? event.result : event;
  const task = isObject(result) && isObject(result.task) ? result.task : undefined;
  const status = isObject(update?.status) ? update.status : isObject(task?.status) ? task.status : undefined;
  return /INPUT_REQUIRED|AUTH_REQUIRED/.test(typeof status?.state === "string" ? status.state : "");
}

/** An A2A error as each binding spells it: JSON-RPC code (0.3 §8.2, 1.0.1 §9.5), HTTP+JSON reason (1.0.1 §11.6). */
export interface A2aErrorSpelling {
  code: number;
  reason: string;
}

export const TASK_NOT_FOUND: A2aErrorSpelling = { code: -32001, reason: "TASK_NOT_FOUND" };
export const TASK_NOT_CANCELABLE: A2aErrorSpelling = { code: -32002, reason: "TASK_NOT_CANCELABLE" };
export const UNSUPPORTED_OPERATION: A2aErrorSpelling = { code: -32004, reason: "UNSUPPORTED_OPERATION" };
export const VERSION_NOT_SUPPORTED: A2aErrorSpelling = { code: -32009, reason: "VERSION_NOT_SUPPORTED" };
/** JSON-RPC 2.0 §5.1 codes, used by every A2A generation's JSON-RPC binding (0.3 §8.1, 1.0.1 §9.5). */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

/** The ErrorInfo reasons of an HTTP+JSON error body (google.rpc.Status), if it is one. */
function restReasons(reply: BufferedReply): string[] {
  const error = isObject(reply.body) && isObject(reply.body.error) ? reply.body.error : undefined;
  const details = Array.isArray(error?.details) ? (error.details as unknown[]) : [];
  return details.flatMap((d) => (isObject(d) && typeof d.reason === "string" ? [d.reason] : []));
}

/** Whether a reply is the given A2A error on its binding. */
export function isA2aError(reply: BufferedReply, x: Exchange, error: A2aErrorSpelling): boolean {
  if (x.binding === "jsonrpc") return rpcError(reply)?.code === error.code;
  if (x.binding !== "rest" || reply.status < 400) return false;
  // 1.0.1 §11.6 names the error by its ErrorInfo reason; 0.3's HTTP+JSON servers send {code, message}.
  return (
    restReasons(reply).includes(error.reason) || (isObject(reply.body) && reply.body.code === error.code)
  );
}

/**
 * A reply turned into TaskNotFound, on whichever binding it came: the JSON-RPC error (0.3 §8.2, 1.0.1 §9.5),
 * or HTTP 404 with its ErrorInfo reason (1.0.1 §11.6). `what` names what was not found.
 */
export function asTaskNotFound(reply: BufferedReply, x: Exchange, what: string): BufferedReply {
  if (x.binding === "jsonrpc" && isObject(reply.body)) {
    delete reply.body.result;
    reply.body.error = { code: TASK_NOT_FOUND.code, message: `${what} not found` };
    return reply;
  }
  reply.status = 404;
  reply.body = {
    error: {
      code: 404,
      status: "NOT_FOUND",
      message: `${what} not found`,
      details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: TASK_NOT_FOUND.reason }],
    },
  };
  return reply;
}

/** The given A2A error answered as an unexplained internal error, on whichever binding it came. */
export function asInternalError(
  reply: BufferedReply,
  x: Exchange,
  error: A2aErrorSpelling,
): BufferedReply | undefined {
  if (!isA2aError(reply, x, error)) return undefined;
  if (x.binding === "jsonrpc") return recode(reply, error.code, INTERNAL_ERROR);
  reply.status = 500;
  reply.body =
    x.generation === "1.0"
      ? { error: { code: 500, status: "INTERNAL", message: "internal error" } }
      : { code: INTERNAL_ERROR, message: "internal error" };
  return reply;
}

/** The push-config operation a request asks for, on any binding (0.3 and 1.0 method names, 1.0.1 §11.3 paths). */
export type PushOperation = "create" | "get" | "list" | "delete";
export function pushOperation(x: Exchange | GrpcExchange): PushOperation | undefined {
  if (x.verb !== "push") return undefined;
  const method = "binding" in x && isObject(x.request) ? x.request.method : undefined;
  const name = "binding" in x ? (typeof method === "string" ? method : "") : x.method;
  if ("binding" in x && x.binding === "rest") {
    if (x.httpMethod === "POST") return "create";
    if (x.httpMethod === "DELETE") return "delete";
    return /pushNotificationConfigs\/?(\?|$)/.test(x.path) ? "list" : "get";
  }
  if (/delete/i.test(name)) return "delete";
  if (/list/i.test(name)) return "list";
  if (/create|set/i.test(name)) return "create";
  if (/get/i.test(name)) return "get";
  return undefined;
}

/** The task a stream event is about: a Task's id, or a status or artifact update's taskId (any generation). */
export function streamEventTaskId(event: unknown): string | undefined {
  const result = isObject(event) && isObject(event.result) ? event.result : event;
  if (!isObject(result)) return undefined;
  const inner = [result.task, result.statusUpdate, result.artifactUpdate].find(isObject) ?? result;
  const id = result.kind === "task" || isObject(result.task) ? inner.id : inner.taskId;
  return typeof id === "string" ? id : undefined;
}

/** The contextId a stream event names: a Task's, or a status or artifact update's (any generation). */
export function streamEventContextId(event: unknown): unknown {
  const result = isObject(event) && isObject(event.result) ? event.result : event;
  if (!isObject(result)) return undefined;
  const inner = [result.task, result.statusUpdate, result.artifactUpdate].find(isObject) ?? result;
  return inner.contextId;
}

/** A JSON-RPC request with its method renamed, or undefined when it is not one. */
export function renamedMethod(
  r: ForwardedRequest,
  rename: (method: string) => string,
): ForwardedRequest | undefined {
  if (!isObject(r.body) || typeof r.body.method !== "string") return undefined;
  r.body.method = rename(r.body.method);
  return r;
}

/** lifecycle.get-task's owner by version: 0.1 and 0.2 give tasks/get no keyword (lifecycle.get-task-0x, SHOULD). */
export const GET_TASK_BY_VERSION = {
  "0.1": "lifecycle.get-task-0x",
  "0.2": "lifecycle.get-task-0x",
  "0.x": "lifecycle.get-task",
  "1.0": "lifecycle.get-task",
} as const;

/** Whether the request's message holds a part that is null (a probe no reader can take). */
export function nullPartSent(x: Exchange): boolean {
  const params = isObject(x.request) && isObject(x.request.params) ? x.request.params : undefined;
  const message = params && isObject(params.message) ? params.message : undefined;
  return Array.isArray(message?.parts) && message.parts.includes(null);
}
