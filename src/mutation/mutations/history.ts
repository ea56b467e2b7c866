import { isObject } from "../exchange.js";
import type { Exchange, ForwardedRequest, GrpcExchange, Json, Mutation, MutationMemory } from "../types.js";
import { grpcTask } from "./grpc-shapes.js";
import { rpcParams, taskIn } from "./shapes.js";

// Deviations in how tasks/get (GetTask) answers historyLength (0.3 §7.3; 1.0.1 §3.1.3, §3.2.4).

/** The historyLength a get asked for: its JSON-RPC params, or the HTTP+JSON query. */
function requestedHistoryLength(x: Exchange): number | undefined {
  const params = x.binding === "jsonrpc" ? rpcParams(x) : undefined;
  if (typeof params?.historyLength === "number") return params.historyLength;
  const fromQuery = /[?&]historyLength=(\d+)/.exec(x.path)?.[1];
  return fromQuery ? Number(fromQuery) : undefined;
}

/** The historyLength a gRPC GetTask asked for. */
const grpcHistoryLength = (x: GrpcExchange): number | undefined =>
  isObject(x.request) && typeof x.request.historyLength === "number" ? x.request.historyLength : undefined;

/** Repeats a read task's history until it holds more than `n` messages; false when there is none to repeat. */
function padBeyond(task: Json | undefined, n: number | undefined): boolean {
  if (n === undefined || !task || !Array.isArray(task.history) || !task.history.length) return false;
  const history = task.history as unknown[];
  while (history.length <= n) history.push(...history.slice(0, n + 1 - history.length));
  return true;
}

/**
 * Trims a read task's history to the shortest historyLength it was ever read with, as an agent that stores
 * the trimmed list does; remembers this read's. True when the history was cut.
 */
function trimForGood(task: Json | undefined, asked: number | undefined, memory: MutationMemory): boolean {
  if (!task || typeof task.id !== "string" || !Array.isArray(task.history)) return false;
  const key = `history-kept:${task.id}`;
  const kept = memory.get(key) as number | undefined;
  if (asked !== undefined && asked > 0 && (kept === undefined || asked < kept)) memory.set(key, asked);
  if (kept === undefined || task.history.length <= kept) return false;
  task.history = task.history.slice(-kept);
  return true;
}

/** A get's request with its negative historyLength dropped, as an agent that reads it as no limit; else undefined. */
function negativeDropped(r: ForwardedRequest, x: Exchange): ForwardedRequest | undefined {
  if (x.verb !== "get") return undefined;
  if (x.binding === "jsonrpc") {
    const params = isObject(r.body) ? r.body.params : undefined;
    if (!isObject(params) || typeof params.historyLength !== "number" || params.historyLength >= 0)
      return undefined;
    delete params.historyLength;
    return r;
  }
  const [pathname, query = ""] = r.path.split("?");
  const search = new URLSearchParams(query);
  if (!(Number(search.get("historyLength")) < 0)) return undefined;
  search.delete("historyLength");
  r.path = search.size > 0 ? `${pathname}?${search.toString()}` : (pathname ?? r.path);
  return r;
}

/** The tasks of a ListTasks reply (JSON-RPC result, or the HTTP+JSON body). */
function listedTasks(r: { body?: unknown }, x: Exchange): Json[] {
  const body = isObject(r.body) ? r.body : undefined;
  const page = x.binding === "jsonrpc" ? body?.result : body;
  return isObject(page) && Array.isArray(page.tasks) ? page.tasks.filter(isObject) : [];
}

export const historyMutations: Mutation[] = [
  {
    id: "list-history-zero-kept",
    what: "ListTasks with historyLength 0 lists each task with a history field (an empty one)",
    clause:
      "A2A 1.0.1 §3.2.4 (historyLength follows consistent semantics across all operations; 0: the history field SHOULD be omitted)",
    check: "lifecycle.history-field-omitted",
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    reply: (r, x) => {
      if (x.verb !== "list" || requestedHistoryLength(x) !== 0) return undefined;
      const tasks = listedTasks(r, x);
      if (tasks.length === 0) return undefined;
      for (const task of tasks) task.history = [];
      return r;
    },
  },
  {
    id: "history-length-negative-served",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    generations: ["1.0"],
    what: "GetTask with a negative historyLength is served with the whole history, as if no limit were asked",
    clause:
      "A2A 1.0.1 §3.3.2 (servers MUST validate all input parameters), a2a.proto GetTaskRequest.history_length (MUST NOT return more messages than the value)",
    check: "lifecycle.history-length",
    request: negativeDropped,
    grpcRequest: (call, x) => {
      const asked = grpcHistoryLength(x);
      if (x.verb !== "get" || asked === undefined || asked >= 0 || !isObject(call.request)) return undefined;
      const { historyLength: _dropped, ...request } = call.request;
      call.request = request;
      return call;
    },
  },
  {
    id: "history-length-ignored",
    violates: ["CORE-HIST-002"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "tasks/get returns more history messages than historyLength asks for",
    clause: "A2A 0.3 §7.3 TaskQueryParams.historyLength; 1.0.1 §3.1.3 (at most N, never more)",
    check: { "0.x": "lifecycle.history-length-0x", "1.0": "lifecycle.history-length" },
    reply: (r, x) => (x.verb === "get" && padBeyond(taskIn(r, x), requestedHistoryLength(x)) ? r : undefined),
    grpcReply: (r, x) => (x.verb === "get" && padBeyond(grpcTask(r), grpcHistoryLength(x)) ? r : undefined),
  },
  {
    id: "history-read-truncates",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "tasks/get with historyLength N stores the trimmed history: every later read of the task returns at most N messages",
    clause: "A2A 1.0.1 §3.1.3 (Get Task retrieves the current state), §3.2.4; 0.3 §7.3",
    check: "lifecycle.history-kept-after-read",
    reply: (r, x, memory) =>
      x.verb === "get" && trimForGood(taskIn(r, x), requestedHistoryLength(x), memory) ? r : undefined,
    grpcReply: (r, x, memory) =>
      x.verb === "get" && trimForGood(grpcTask(r), grpcHistoryLength(x), memory) ? r : undefined,
  },
];
