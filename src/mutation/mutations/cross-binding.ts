import { isObject } from "../exchange.js";
import type {
  BufferedReply,
  Exchange,
  ForwardedRequest,
  GrpcError,
  GrpcExchange,
  GrpcReply,
  Json,
  Mutation,
  MutationMemory,
} from "../types.js";
import { grpcStreamTaskId, grpcTask } from "./grpc-shapes.js";
import {
  INVALID_PARAMS,
  otherId,
  pushOperation,
  rpcError,
  streamEventTaskId,
  TASK_NOT_FOUND,
  taskIn,
} from "./shapes.js";

// Deviations that show only when an agent is compared with itself: across its bindings (A2A 1.0.1
// §5.1, 0.3 §3.4.1 functional equivalence) and across the requests of one run (a bad request that
// takes the whole agent down, every binding with it).

/** The binding an exchange came over, as one word for HTTP and gRPC alike. */
type BindingWord = "jsonrpc" | "rest" | "grpc";

// The operations that name an existing task by its id, and so meet another binding's task store.
const TASK_READS = new Set(["get", "cancel", "subscribe"]);

const createdKey = (taskId: string) => `task-store:${taskId}`;

/** Remembers the binding a task was first seen on: the store of that binding holds it. */
function recordCreated(memory: MutationMemory, taskId: unknown, binding: BindingWord): void {
  if (typeof taskId === "string" && taskId && !memory.has(createdKey(taskId)))
    memory.set(createdKey(taskId), binding);
}

const ALIASES = "task-store-aliases";

/** The id the agent is asked for in place of a foreign task's, remembered so replies can name the task as asked. */
function stranger(memory: MutationMemory, taskId: string): string {
  const aliases = (memory.get(ALIASES) as Map<string, string> | undefined) ?? new Map<string, string>();
  memory.set(ALIASES, aliases);
  const fresh = otherId();
  aliases.set(fresh, taskId);
  return fresh;
}

/** A text with the ids the agent was asked for put back to the ids the client asked for. */
function unaliased(memory: MutationMemory, text: string): string {
  const aliases = memory.get(ALIASES) as Map<string, string> | undefined;
  let out = text;
  for (const [fresh, original] of aliases ?? []) out = out.split(fresh).join(original);
  return out;
}

/** A JSON value whose text names an aliased id, with the client's id put back; undefined when none is named. */
function namedAsAsked<T>(memory: MutationMemory, value: T): T | undefined {
  const text = JSON.stringify(value);
  if (text === undefined) return undefined;
  const back = unaliased(memory, text);
  return back === text ? undefined : (JSON.parse(back) as T);
}

/** Whether a task known to the proxy was created over a binding other than this one. */
function foreign(memory: MutationMemory, taskId: string, binding: BindingWord): boolean {
  const home = memory.get(createdKey(taskId));
  return home !== undefined && home !== binding;
}

/**
 * A read of a task the agent keeps in another binding's store: the agent looks for it in this
 * binding's store, which is what looking up an id it never issued does. The id is replaced by one the
 * agent never issued, so the agent answers TaskNotFound itself, in this binding's own spelling.
 */
function readFromOwnStore(
  r: ForwardedRequest,
  x: Exchange,
  memory: MutationMemory,
): ForwardedRequest | undefined {
  if (!TASK_READS.has(x.verb) || (x.binding !== "jsonrpc" && x.binding !== "rest")) return undefined;
  const binding = x.binding;
  if (binding === "rest") {
    const m = /\/tasks\/([^/:?]+)/.exec(r.path);
    const id = m?.[1] ? decodeURIComponent(m[1]) : undefined;
    if (!id || !foreign(memory, id, binding)) return undefined;
    r.path = r.path.replace(`/tasks/${m?.[1] ?? ""}`, `/tasks/${stranger(memory, id)}`);
    return r;
  }
  const params = isObject(r.body) && isObject(r.body.params) ? r.body.params : undefined;
  if (typeof params?.id !== "string" || !foreign(memory, params.id, binding)) return undefined;
  params.id = stranger(memory, params.id);
  return r;
}

/** The same over gRPC: 1.0 names the task `id`, 0.3 by its resource name `tasks/{id}`. */
function grpcReadFromOwnStore(request: unknown, x: GrpcExchange, memory: MutationMemory): boolean {
  if (!TASK_READS.has(x.verb) || !isObject(request)) return false;
  if (typeof request.id === "string" && request.id && foreign(memory, request.id, "grpc")) {
    request.id = stranger(memory, request.id);
    return true;
  }
  const named = typeof request.name === "string" ? /^tasks\/([^/]+)$/.exec(request.name)?.[1] : undefined;
  if (!named || !foreign(memory, named, "grpc")) return false;
  request.name = `tasks/${stranger(memory, named)}`;
  return true;
}

/** Records the tasks a send's reply creates, on JSON-RPC and HTTP+JSON. */
function recordSent(r: BufferedReply, x: Exchange, memory: MutationMemory): void {
  if ((x.verb === "send" || x.verb === "stream") && (x.binding === "jsonrpc" || x.binding === "rest"))
    recordCreated(memory, taskIn(r, x)?.id, x.binding);
}

/** Records the tasks a stream's events create, on JSON-RPC and HTTP+JSON. */
function recordStreamed(event: unknown, x: Exchange, memory: MutationMemory): void {
  if (x.verb === "stream" && (x.binding === "jsonrpc" || x.binding === "rest"))
    recordCreated(memory, streamEventTaskId(event), x.binding);
}

/** Records the tasks a gRPC SendMessage or SendStreamingMessage creates. */
const grpcRecording: Pick<Mutation, "grpcEvent"> = {
  grpcEvent: (event, x, memory) => {
    if (x.verb === "stream") recordCreated(memory, grpcStreamTaskId(event), "grpc");
    return undefined;
  },
};

const separateTaskStores: Mutation = {
  id: "task-store-per-binding",
  violates: ["BIND-EQUIV-001"],
  what: "each binding keeps its own task store: a task created over one binding is TaskNotFound when read, canceled or subscribed to over another",
  clause:
    "A2A 1.0.1 §5.1 (all supported protocols MUST provide identical functionality); 0.3 §3.4.1 (functional equivalence)",
  check: "transport.task-visible-everywhere",
  // The check is judged once for the agent, across its bindings; the deviation is played on all of them.
  request: readFromOwnStore,
  reply: (r, x, memory) => {
    recordSent(r, x, memory);
    // The agent's TaskNotFound names the task the client asked for, as a store of its own would.
    const body = TASK_READS.has(x.verb) ? namedAsAsked(memory, r.body) : undefined;
    return body === undefined ? undefined : { ...r, body };
  },
  event: (event, x, memory) => {
    recordStreamed(event, x, memory);
    const named = x.verb === "subscribe" ? namedAsAsked(memory, event) : undefined;
    return named === undefined ? undefined : { events: [named] };
  },
  grpcReply: (r, x, memory) => {
    if (x.verb === "send") recordCreated(memory, grpcTask(r)?.id, "grpc");
    if (!r.error || !TASK_READS.has(x.verb)) return undefined;
    const details = unaliased(memory, r.error.details);
    return details === r.error.details ? undefined : { error: { ...r.error, details } };
  },
  ...grpcRecording,
  grpcRequest: (call, x, memory) => (grpcReadFromOwnStore(call.request, x, memory) ? call : undefined),
};

/**
 * The contextId a binding shows for a context created over another binding: one of its own, the same
 * for every read, as a binding front that keeps its own context ids would give.
 */
function contextOfBinding(
  memory: MutationMemory,
  contextId: unknown,
  binding: BindingWord,
): string | undefined {
  if (typeof contextId !== "string" || !contextId) return undefined;
  const key = `context-of:${binding}:${contextId}`;
  const known = memory.get(key);
  if (typeof known === "string") return known;
  const own = otherId();
  memory.set(key, own);
  return own;
}

/** A read task, created over another binding, given this binding's own contextId; whether it was. */
function showOwnContext(task: Json | undefined, memory: MutationMemory, binding: BindingWord): boolean {
  if (typeof task?.id !== "string" || !foreign(memory, task.id, binding)) return false;
  const own = contextOfBinding(memory, task.contextId, binding);
  if (!own) return false;
  task.contextId = own;
  return true;
}

const contextPerBinding: Mutation = {
  id: "task-context-per-binding",
  violates: ["BIND-EQUIV-002"],
  what: "a task read over another binding than the one it was created on reports another contextId: each binding keeps context ids of its own",
  clause:
    "A2A 1.0.1 §5.1 (all supported protocols MUST return semantically equivalent results for the same requests); 0.3 §3.4.1",
  check: "transport.task-visible-everywhere",
  reply: (r, x, memory) => {
    recordSent(r, x, memory);
    if (x.verb !== "get" || (x.binding !== "jsonrpc" && x.binding !== "rest")) return undefined;
    return showOwnContext(taskIn(r, x), memory, x.binding) ? r : undefined;
  },
  event: (event, x, memory) => {
    recordStreamed(event, x, memory);
    return undefined;
  },
  grpcReply: (r, x, memory) => {
    if (x.verb === "send") recordCreated(memory, grpcTask(r)?.id, "grpc");
    return x.verb === "get" && showOwnContext(grpcTask(r), memory, "grpc") ? r : undefined;
  },
  ...grpcRecording,
};

// JSON-RPC 2.0 §5.1 Invalid params.

const pushErrorsOwnMapping: Mutation = {
  id: "push-get-unknown-task-invalid-params-on-jsonrpc",
  violates: ["BIND-EQUIV-003"],
  what: "over JSON-RPC a push config get for a task that does not exist answers -32602 Invalid params, while HTTP+JSON and gRPC answer TaskNotFound",
  clause:
    "A2A 1.0.1 §5.1 (all protocols MUST map errors consistently), §3.1.8 (a missing config is TaskNotFoundError); 0.3 §3.4.1",
  check: "transport.consistent-errors",
  reply: (r, x) => {
    const error = x.binding === "jsonrpc" && pushOperation(x) === "get" ? rpcError(r) : undefined;
    if (error?.code !== TASK_NOT_FOUND.code) return undefined;
    // The JSON-RPC front validates the config lookup itself and reports the miss as a bad parameter.
    error.code = INVALID_PARAMS;
    error.message = "Invalid params: no such push notification config";
    delete error.data;
    return r;
  },
};

// The agent behind its front (a reverse proxy, a load balancer) has gone: google.rpc.Code UNAVAILABLE.
const GRPC_UNAVAILABLE = 14;
const AGENT_DOWN = "agent-down";
const badGateway = (): BufferedReply => ({
  status: 502,
  contentType: "text/plain",
  body: "Bad Gateway: the upstream agent closed the connection",
});
const unavailable = (): GrpcError => ({
  code: GRPC_UNAVAILABLE,
  details: "upstream connect error",
  metadata: {},
});

/** A body that was not JSON: the agent answers it, then its process is gone for every later request. */
function downAfterUnparsable(
  r: BufferedReply,
  x: Exchange,
  memory: MutationMemory,
): BufferedReply | undefined {
  if (memory.get(AGENT_DOWN)) return badGateway();
  if (x.requestUnparsable) memory.set(AGENT_DOWN, true);
  return undefined;
}

const crashOnMalformedRequest: Mutation = {
  id: "agent-down-after-malformed-request",
  what: "after a request whose body is not JSON the agent stops answering: every later request, over every binding, gets 502 Bad Gateway or gRPC UNAVAILABLE",
  clause:
    "JSON-RPC 2.0 §5.1 (a parse error is an error of that one request, answered -32700); A2A 0.3 §7.1, §7.3, 1.0.1 §3.1.1, §3.1.3 (later sends and reads are still served)",
  check: "errors.server-survives",
  bindings: ["JSONRPC"],
  reply: downAfterUnparsable,
  event: (_event, _x, memory) => (memory.get(AGENT_DOWN) ? { events: [], end: true } : undefined),
  grpcReply: (_r: GrpcReply, _x, memory) => (memory.get(AGENT_DOWN) ? { error: unavailable() } : undefined),
  grpcStreamRefusal: (_x, memory) => (memory.get(AGENT_DOWN) ? unavailable() : undefined),
};

/** Deviations between an agent's bindings, and of an agent that a malformed request takes down. */
export const crossBindingMutations: Mutation[] = [
  separateTaskStores,
  contextPerBinding,
  pushErrorsOwnMapping,
  crashOnMalformedRequest,
];
