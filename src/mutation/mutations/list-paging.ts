import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, ForwardedRequest, GrpcExchange, Json, Mutation } from "../types.js";
import { rpcParams, successBody } from "./shapes.js";

// An agent that pages ListTasks by offset: its token counts the tasks already given, in a list it sorts
// afresh on every call (A2A 1.0.1 §3.1.4: "MUST use cursor-based pagination").

const TOKEN = /^offset-(\d+)$/;
/** 1.0.1 §3.1.4 / a2a.proto ListTasksRequest.page_size: at most 50 tasks when unset. */
const DEFAULT_PAGE_SIZE = 50;

/** A ListTasks request's page: where it starts (0 without a token) and how many tasks it wants. */
interface OffsetPage {
  offset: number;
  size: number;
}

/** The page a request asks for, or undefined when its token is one the mutation did not give. */
function offsetPage(pageToken: unknown, pageSize: unknown): OffsetPage | undefined {
  const token = typeof pageToken === "string" ? pageToken : "";
  const size = Number(pageSize) > 0 ? Number(pageSize) : DEFAULT_PAGE_SIZE;
  if (!token) return { offset: 0, size };
  const offset = TOKEN.exec(token)?.[1];
  return offset === undefined ? undefined : { offset: Number(offset), size };
}

/** The page a JSON-RPC or HTTP+JSON ListTasks asks for. */
function askedPage(x: Exchange): OffsetPage | undefined {
  if (x.verb !== "list") return undefined;
  if (x.binding === "jsonrpc") {
    const params = rpcParams(x);
    return offsetPage(params?.pageToken, params?.pageSize);
  }
  const query = new URLSearchParams(x.path.split("?")[1] ?? "");
  return offsetPage(query.get("pageToken"), query.get("pageSize"));
}

/** The page a gRPC ListTasks asks for (proto3 decodes unset fields as "" and 0). */
const askedGrpcPage = (x: GrpcExchange): OffsetPage | undefined =>
  x.verb === "list" && isObject(x.request) ? offsetPage(x.request.pageToken, x.request.pageSize) : undefined;

/** The request the agent gets: no token, and enough tasks to reach the end of the asked page. */
function widened(params: Json, page: OffsetPage): Json {
  const { pageToken: _token, ...rest } = params;
  return { ...rest, pageSize: page.offset + page.size };
}

/** Rewrites a JSON-RPC or HTTP+JSON ListTasks that carries an offset token; undefined otherwise. */
function widenRequest(r: ForwardedRequest, x: Exchange): ForwardedRequest | undefined {
  const page = askedPage(x);
  if (!page || page.offset === 0) return undefined;
  if (x.binding === "jsonrpc") {
    if (!isObject(r.body) || !isObject(r.body.params)) return undefined;
    r.body = { ...r.body, params: widened(r.body.params, page) };
    return r;
  }
  const [pathname, query = ""] = r.path.split("?");
  const params = new URLSearchParams(query);
  params.delete("pageToken");
  params.set("pageSize", String(page.offset + page.size));
  r.path = `${pathname}?${params.toString()}`;
  return r;
}

/** The asked page cut out of the agent's list, with an offset token when the agent had more. */
function cutPage(listing: unknown, page: OffsetPage | undefined): boolean {
  if (!page || !isObject(listing) || !Array.isArray(listing.tasks)) return false;
  const more = typeof listing.nextPageToken === "string" && listing.nextPageToken !== "";
  listing.tasks = listing.tasks.slice(page.offset, page.offset + page.size);
  listing.nextPageToken = more ? `offset-${page.offset + page.size}` : "";
  return true;
}

// TaskState's values in ProtoJSON (a2a.proto enum TaskState).
const TASK_STATES = new Set([
  "TASK_STATE_UNSPECIFIED",
  "TASK_STATE_SUBMITTED",
  "TASK_STATE_WORKING",
  "TASK_STATE_COMPLETED",
  "TASK_STATE_FAILED",
  "TASK_STATE_CANCELED",
  "TASK_STATE_INPUT_REQUIRED",
  "TASK_STATE_REJECTED",
  "TASK_STATE_AUTH_REQUIRED",
]);

/** Whether a ListTasks names a status filter that is no TaskState. */
function asksUnknownStatus(x: Exchange): boolean {
  if (x.verb !== "list") return false;
  const status =
    x.binding === "jsonrpc"
      ? rpcParams(x)?.status
      : new URLSearchParams(x.path.split("?")[1] ?? "").get("status");
  return typeof status === "string" && status !== "" && !TASK_STATES.has(status);
}

/** The refusal of an unknown status, answered as an empty page instead: the value taken unread as a filter. */
function emptyPageFor(r: BufferedReply, x: Exchange): BufferedReply | undefined {
  if (!asksUnknownStatus(x)) return undefined;
  const page = { tasks: [], nextPageToken: "", pageSize: DEFAULT_PAGE_SIZE, totalSize: 0 };
  if (x.binding === "jsonrpc") {
    const body = isObject(r.body) ? r.body : undefined;
    if (!body || !isObject(body.error)) return undefined;
    r.body = { jsonrpc: "2.0", id: body.id ?? null, result: page };
    return r;
  }
  if (r.status < 400) return undefined;
  r.status = 200;
  r.body = page;
  return r;
}

export const listPagingMutations: Mutation[] = [
  {
    id: "list-pages-by-offset",
    violates: ["CORE-LIST-002"],
    what: "ListTasks pages by offset: its nextPageToken counts the tasks already listed, in a list sorted afresh on every call, so a task created between pages shifts the next page back onto one already read",
    clause: "A2A 1.0.1 §3.1.4 (ListTasks MUST use cursor-based pagination)",
    check: "lifecycle.list-tasks-cursor",
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    request: (r, x) => widenRequest(r, x),
    reply: (r: BufferedReply, x) => (cutPage(successBody(r, x), askedPage(x)) ? r : undefined),
    grpcRequest: (call, x) => {
      const page = askedGrpcPage(x);
      if (!page || page.offset === 0 || !isObject(call.request)) return undefined;
      call.request = { ...widened(call.request, page), pageToken: "" };
      return call;
    },
    grpcReply: (r, x) => (cutPage(r.response, askedGrpcPage(x)) ? r : undefined),
  },
  {
    id: "list-unknown-status-matches-nothing",
    violates: ["CORE-ERR-002"],
    what: "ListTasks with a status that is no TaskState is answered with an empty page: the value taken unread as a filter that matches nothing",
    clause:
      "A2A 1.0.1 §3.3.2 (Servers MUST validate all input parameters before processing), §6.5 (an invalid status value refused)",
    check: "errors.invalid-params",
    generations: ["1.0"],
    bindings: ["JSONRPC"],
    reply: emptyPageFor,
  },
  {
    id: "rest-list-unknown-status-matches-nothing",
    violates: ["CORE-ERR-002"],
    what: "HTTP+JSON: GET tasks with a status that is no TaskState is answered 200 with an empty page: the value taken unread as a filter that matches nothing",
    clause:
      "A2A 1.0.1 §3.3.2 (Servers MUST validate all input parameters before processing), §6.5 (an invalid status value refused with 400)",
    check: "errors.rest-invalid-input",
    generations: ["1.0"],
    bindings: ["HTTP+JSON"],
    reply: emptyPageFor,
  },
];
