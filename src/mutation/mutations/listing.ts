import { isObject } from "../exchange.js";
import type { Exchange, GrpcExchange, Mutation, MutationMemory } from "../types.js";
import { grpcStreamTaskId, grpcTask } from "./grpc-shapes.js";
import { rpcParams, streamEventTaskId, successBody, taskIn } from "./shapes.js";

const ALL = ["JSONRPC", "HTTP+JSON", "GRPC"] as const;

/** The tasks of a ListTasks reply, on any binding. */
function listedTasks(top: unknown): unknown[] | undefined {
  return isObject(top) && Array.isArray(top.tasks) ? top.tasks : undefined;
}

const CREATED = "created-in-order";

/** Remembers a task id in the order the proxy first saw each: the order the agent created them in. */
function noteCreated(memory: MutationMemory, id: unknown): void {
  if (typeof id !== "string") return;
  let ids = memory.get(CREATED) as string[] | undefined;
  if (!ids) memory.set(CREATED, (ids = []));
  if (!ids.includes(id)) ids.push(id);
}

/**
 * Sorts listed tasks by creation, the last created first (tasks the proxy never saw created count as
 * oldest); true when that changed their order.
 */
function byCreation(tasks: unknown[], memory: MutationMemory): boolean {
  const ids = (memory.get(CREATED) as string[] | undefined) ?? [];
  const rank = (t: unknown) => (isObject(t) && typeof t.id === "string" ? ids.indexOf(t.id) : -1);
  const before = tasks.map(rank);
  tasks.sort((a, b) => rank(b) - rank(a));
  return tasks.some((t, i) => rank(t) !== before[i]);
}

/** Whether a ListTasks request asked for artifacts (1.0.1 §3.1.4 includeArtifacts). */
function asksArtifacts(request: unknown, x?: Exchange): boolean {
  if (x && /[?&]includeArtifacts=true/.test(x.path)) return true;
  const params = x?.binding === "jsonrpc" ? rpcParams(x) : request;
  return isObject(params) && params.includeArtifacts === true;
}

/** A request field as text ("" when unset), for telling one listing from another. */
const fieldText = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v) : "");

/** A ListTasks request's page: which listing it pages through (binding, context, size) and its pageToken. */
interface ListPage {
  listing: string;
  pageToken: string;
}

/** The page a JSON-RPC or HTTP+JSON ListTasks request asks for (1.0.1 §3.1.4: params, or §11 the query string). */
function listPage(x: Exchange): ListPage | undefined {
  if (x.verb !== "list") return undefined;
  const query = new URLSearchParams(x.path.split("?")[1] ?? "");
  const params = x.binding === "jsonrpc" ? rpcParams(x) : undefined;
  const field = (name: string): string =>
    x.binding === "jsonrpc" ? fieldText(params?.[name]) : (query.get(name) ?? "");
  return {
    listing: `${x.binding} ${field("contextId")} ${field("pageSize")}`,
    pageToken: field("pageToken"),
  };
}

/** The page a gRPC ListTasks request asks for (proto3 decodes an unset pageToken as ""). */
function grpcListPage(x: GrpcExchange): ListPage | undefined {
  if (x.verb !== "list" || !isObject(x.request)) return undefined;
  const r = x.request;
  return {
    listing: `grpc ${fieldText(r.contextId)} ${fieldText(r.pageSize)}`,
    pageToken: fieldText(r.pageToken),
  };
}

/**
 * The first page of a listing again where a later one was asked for: the first page (no pageToken) is
 * remembered per listing, and a request carrying a pageToken is answered with it (undefined: leave it).
 */
function firstPageAgain(page: ListPage | undefined, reply: unknown, memory: MutationMemory): unknown {
  if (!page || !isObject(reply) || !Array.isArray(reply.tasks)) return undefined;
  const key = `first page of ${page.listing}`;
  if (!page.pageToken) {
    memory.set(key, structuredClone(reply));
    return undefined;
  }
  const first = memory.get(key);
  return first === undefined ? undefined : structuredClone(first);
}

/** Deviations in listing tasks: ListTasks (A2A 1.0.1 §3.1.4). */
export const listingMutations: Mutation[] = [
  {
    id: "list-omits-tasks",
    what: "ListTasks lists no task, not even the ones just created",
    clause: "A2A 1.0.1 §3.1.4 ListTasks",
    check: "lifecycle.list-tasks",
    generations: ["1.0"],
    bindings: ALL,
    reply: (r, x) => {
      const tasks = x.verb === "list" ? listedTasks(successBody(r, x)) : undefined;
      if (!tasks?.length) return undefined;
      tasks.length = 0;
      return r;
    },
    grpcReply: (r, x) => {
      const tasks = x.verb === "list" ? listedTasks(r.response) : undefined;
      if (!tasks?.length) return undefined;
      tasks.length = 0;
      return r;
    },
  },
  {
    id: "list-page-token-ignored",
    violates: ["CORE-LIST-002"],
    what: "ListTasks ignores the pageToken: the page after the first is the first page again",
    clause: "A2A 1.0.1 §3.1.4 (ListTasks MUST use cursor-based pagination, pageToken/nextPageToken)",
    check: "lifecycle.list-tasks",
    generations: ["1.0"],
    bindings: ALL,
    reply: (r, x, memory) => {
      const first = firstPageAgain(listPage(x), successBody(r, x), memory);
      if (first === undefined) return undefined;
      if (x.binding === "jsonrpc" && isObject(r.body)) r.body.result = first;
      else r.body = first;
      return r;
    },
    grpcReply: (r, x, memory) => {
      const first = firstPageAgain(grpcListPage(x), r.response, memory);
      return first === undefined ? undefined : { response: first };
    },
  },
  {
    id: "list-oldest-first",
    violates: ["CORE-LIST-003"],
    what: "ListTasks lists the oldest task first",
    clause: "A2A 1.0.1 §3.1.4 (sorted by status timestamp, newest first)",
    check: "lifecycle.list-tasks-order",
    generations: ["1.0"],
    bindings: ALL,
    reply: (r, x) => {
      const tasks = x.verb === "list" ? listedTasks(successBody(r, x)) : undefined;
      if (!tasks || tasks.length < 2) return undefined;
      tasks.reverse();
      return r;
    },
    grpcReply: (r, x) => {
      const tasks = x.verb === "list" ? listedTasks(r.response) : undefined;
      if (!tasks || tasks.length < 2) return undefined;
      tasks.reverse();
      return r;
    },
  },
  {
    id: "list-by-creation",
    violates: ["CORE-LIST-003"],
    what: "ListTasks lists the task created last first, not the one updated last",
    clause: "A2A 1.0.1 §3.1.4 (sorted by status timestamp, most recently updated first)",
    check: "lifecycle.list-tasks-order",
    generations: ["1.0"],
    bindings: ALL,
    reply: (r, x, memory) => {
      if (x.verb === "send") noteCreated(memory, taskIn(r, x)?.id);
      const tasks = x.verb === "list" ? listedTasks(successBody(r, x)) : undefined;
      return tasks && byCreation(tasks, memory) ? r : undefined;
    },
    event: (event, _x, memory) => void noteCreated(memory, streamEventTaskId(event)),
    grpcReply: (r, x, memory) => {
      if (x.verb === "send") noteCreated(memory, grpcTask(r)?.id);
      const tasks = x.verb === "list" ? listedTasks(r.response) : undefined;
      return tasks && byCreation(tasks, memory) ? r : undefined;
    },
    grpcEvent: (event, _x, memory) => void noteCreated(memory, grpcStreamTaskId(event)),
  },
  {
    id: "list-includes-artifacts-unasked",
    violates: ["CORE-LIST-005"],
    what: "ListTasks returns artifacts although includeArtifacts was not set",
    clause: "A2A 1.0.1 §3.1.4 (artifacts omitted unless includeArtifacts is true)",
    check: "lifecycle.list-tasks-artifacts",
    generations: ["1.0"],
    bindings: ALL,
    reply: (r, x) => {
      const tasks =
        x.verb === "list" && !asksArtifacts(x.request, x) ? listedTasks(successBody(r, x)) : undefined;
      if (!tasks?.length) return undefined;
      for (const t of tasks)
        if (isObject(t)) t.artifacts = [{ artifactId: "mutation-artifact", parts: [{ text: "x" }] }];
      return r;
    },
    grpcReply: (r, x) => {
      const tasks = x.verb === "list" && !asksArtifacts(x.request) ? listedTasks(r.response) : undefined;
      if (!tasks?.length) return undefined;
      for (const t of tasks)
        if (isObject(t))
          t.artifacts = [
            {
              artifactId: "mutation-artifact",
              name: "",
              description: "",
              parts: [
                { content: { $case: "text", value: "x" }, metadata: undefined, filename: "", mediaType: "" },
              ],
              metadata: undefined,
              extensions: [],
            },
          ];
      return r;
    },
  },
];
