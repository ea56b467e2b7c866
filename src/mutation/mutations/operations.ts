import { isObject } from "../exchange.js";
import type { BufferedReply, GrpcExchange, GrpcReply, Json, Mutation, MutationMemory } from "../types.js";
import {
  GRPC_FAILED_PRECONDITION,
  GRPC_NOT_FOUND,
  grpcAsInternal,
  grpcRequestMessage,
  grpcTask,
} from "./grpc-shapes.js";
import {
  asTaskNotFound,
  eachObject,
  pushOperation,
  requestMessage,
  rpcError,
  taskIn,
  type PushOperation,
  isRefusal,
  rpcParams,
  successBody,
} from "./shapes.js";

// Deviations in the optional operations (capabilities, push configs, the extended card), in the
// contextId a new task must be given, and in the card's interfaces and the HTTP+JSON error format.

const ALL = ["JSONRPC", "HTTP+JSON", "GRPC"] as const;

/** Sets a ListTasks page's totalSize to its own length; false when it already was that. */
function pageSized(page: unknown): boolean {
  if (!isObject(page) || !Array.isArray(page.tasks)) return false;
  const total = Number(page.totalSize);
  if (!(total > page.tasks.length)) return false;
  page.totalSize = page.tasks.length;
  return true;
}

/** The configs of a list reply: 0.3 answers the array itself, 1.0 an object holding `configs`. */
function listedConfigs(reply: unknown): unknown[] | undefined {
  if (Array.isArray(reply)) return reply as unknown[];
  return isObject(reply) && Array.isArray(reply.configs) ? (reply.configs as unknown[]) : undefined;
}

/** The config a get answered before it was deleted, served again for a get after the delete. */
function servedAfterDelete(
  operation: PushOperation | undefined,
  memory: MutationMemory,
  ok: unknown,
): unknown {
  if (operation === "delete") memory.set("push-deleted", true);
  if (operation === "get" && ok !== undefined) memory.set("push-config", ok);
  return operation === "get" && memory.get("push-deleted") ? memory.get("push-config") : undefined;
}

/** The id of the push config a reply carries (0.3 nests it as pushNotificationConfig, 1.0 is it). */
function configIdIn(reply: unknown): string | undefined {
  let id: string | undefined;
  eachObject(reply, (o) => {
    if (typeof o.id === "string" && typeof o.url === "string") id = o.id;
  });
  return id;
}

/**
 * Whether a get answers a config that an earlier get already returned: the agent that forgets a config
 * once it was read answers this one not found. The first read of each config is remembered.
 */
function readBefore(operation: PushOperation | undefined, memory: MutationMemory, ok: unknown): boolean {
  const id = operation === "get" ? configIdIn(ok) : undefined;
  if (id === undefined) return false;
  const key = `push config read: ${id}`;
  if (memory.has(key)) return true;
  memory.set(key, true);
  return false;
}

/** A card whose capability is set false while the agent goes on serving it (1.0.1 §3.3.1). */
function cardDenies(capability: "streaming" | "extendedAgentCard") {
  return (card: Json): Json | undefined => {
    const caps: Json = isObject(card.capabilities) ? card.capabilities : {};
    if (caps[capability] !== true) return undefined;
    caps[capability] = false;
    return card;
  };
}

/** The HTTP+JSON error body of an unexplained internal failure (1.0.1 §11.6, AIP-193 shape). */
const restInternal = (): BufferedReply => ({
  status: 500,
  contentType: "application/json",
  body: { error: { code: 500, status: "INTERNAL", message: "internal error" } },
});

/** Request hooks that take the filter `name` off every ListTasks request, as an agent that ignores it. */
function listFilterDropped(name: string): Pick<Mutation, "request" | "grpcRequest"> {
  return {
    request: (r, x) => {
      if (x.verb !== "list") return undefined;
      if (x.binding === "rest") {
        const at = r.path.indexOf("?");
        if (at < 0) return undefined;
        const query = new URLSearchParams(r.path.slice(at + 1));
        if (!query.has(name)) return undefined;
        query.delete(name);
        r.path = `${r.path.slice(0, at)}?${query.toString()}`;
        return r;
      }
      const params = isObject(r.body) && isObject(r.body.params) ? r.body.params : undefined;
      if (!params || !(name in params)) return undefined;
      delete params[name];
      return r;
    },
    grpcRequest: (call, x) => {
      if (x.verb !== "list" || !isObject(call.request) || !call.request[name]) return undefined;
      delete call.request[name];
      return call;
    },
  };
}

export const operationMutations: Mutation[] = [
  {
    id: "card-denies-streaming-it-serves",
    violates: ["CORE-CAP-002"],
    what: "the card says streaming: false while the agent serves message streams",
    clause:
      "A2A 1.0.1 §3.3.1 (streaming not declared: SendStreamingMessage and SubscribeToTask return UnsupportedOperation)",
    check: "errors.capability-errors",
    generations: ["1.0"],
    bindings: ALL,
    card: cardDenies("streaming"),
  },
  {
    id: "extended-card-refused-as-internal-error",
    violates: ["CORE-CAP-003"],
    what: "the extended card of an agent that declares none is refused as an internal error, not UnsupportedOperation",
    clause:
      "A2A 1.0.1 §3.3.1 (extendedAgentCard not declared: Get Extended Agent Card returns UnsupportedOperation)",
    check: "errors.capability-errors",
    generations: ["1.0"],
    bindings: ALL,
    reply: (r, x) => {
      if (x.verb !== "extended-card" || !isRefusal(r, x)) return undefined;
      if (x.binding !== "jsonrpc") return restInternal();
      const error = rpcError(r);
      if (!error) return undefined;
      error.code = -32603;
      error.message = "internal error";
      delete error.data;
      return r;
    },
    grpcReply: (r, x) =>
      x.verb === "extended-card" ? grpcAsInternal(r, GRPC_FAILED_PRECONDITION) : undefined,
  },
  {
    id: "new-task-without-context",
    violates: ["CORE-MULTI-001a"],
    what: "a new task is answered without the contextId the agent generated for it",
    clause: "A2A 1.0.1 §3.4.1 (a contextId the server generates MUST be included in the response)",
    check: "lifecycle.send-returns-task",
    bindings: ALL,
    reply: (r, x) => {
      const task = x.verb === "send" && !requestMessage(x)?.contextId ? taskIn(r, x) : undefined;
      if (!task || !("contextId" in task)) return undefined;
      delete task.contextId;
      return r;
    },
    grpcReply: (r: GrpcReply, x: GrpcExchange) => {
      const task = x.verb === "send" && !grpcRequestMessage(x)?.contextId ? grpcTask(r) : undefined;
      if (!task || !task.contextId) return undefined;
      task.contextId = "";
      return r;
    },
  },
  {
    id: "list-page-token-dropped",
    violates: ["CORE-LIST-004"],
    what: "the last page of ListTasks leaves out nextPageToken",
    clause: 'A2A 1.0.1 §3.1.4 (nextPageToken is always present, "" on the last page)',
    check: "lifecycle.list-tasks",
    generations: ["1.0"],
    // protobuf cannot tell an absent string from an empty one: the deviation exists in JSON only.
    bindings: ["JSONRPC", "HTTP+JSON"],
    reply: (r, x) => {
      const body = x.verb === "list" ? successBody(r, x) : undefined;
      if (!isObject(body) || !("nextPageToken" in body)) return undefined;
      delete body.nextPageToken;
      return r;
    },
  },
  {
    id: "list-status-filter-ignored",
    what: "ListTasks ignores its status filter and returns every task of the context",
    clause:
      "A2A 1.0.1 §3.1.4; a2a.proto ListTasksRequest.status (filter tasks by their current status state)",
    check: "lifecycle.list-tasks-filters",
    generations: ["1.0"],
    bindings: ALL,
    ...listFilterDropped("status"),
  },
  {
    id: "list-context-filter-ignored",
    what: "ListTasks ignores its contextId filter and lists the tasks of every context (seen at first sight)",
    clause:
      "A2A 1.0.1 §3.1.4; a2a.proto ListTasksRequest.context_id (filter tasks by context ID to get tasks from a specific conversation or session)",
    check: "lifecycle.list-tasks-filters",
    generations: ["1.0"],
    // proto3 cannot leave a string out on gRPC: an empty contextId there asks for the tasks of no context.
    bindings: ["JSONRPC", "HTTP+JSON"],
    ...listFilterDropped("contextId"),
  },
  {
    id: "list-timestamp-filter-ignored",
    what: "ListTasks ignores its statusTimestampAfter filter and returns every task of the context",
    clause:
      "A2A 1.0.1 §3.1.4; a2a.proto ListTasksRequest.status_timestamp_after (only tasks with a status timestamp greater than or equal to it)",
    check: "lifecycle.list-tasks-filters",
    generations: ["1.0"],
    bindings: ALL,
    ...listFilterDropped("statusTimestampAfter"),
  },
  {
    // Seen at first sight: pageSize 0 clamped to 1.
    id: "list-query-unvalidated",
    what: "ListTasks takes pageSize 0 (the minimum is 1) and answers a page instead of -32602",
    clause:
      "A2A 1.0.1 §3.3.2 (Servers MUST validate all input parameters before processing); a2a.proto ListTasksRequest (page_size: the minimum value is 1)",
    check: "errors.invalid-params",
    generations: ["1.0"],
    bindings: ["JSONRPC"],
    reply: (r, x) => {
      const params = isObject(x.request) && isObject(x.request.params) ? x.request.params : undefined;
      if (x.verb !== "list" || x.binding !== "jsonrpc" || !params) return undefined;
      if (params.pageSize !== 0) return undefined;
      const id = isObject(x.request) ? x.request.id : null;
      const page = { tasks: [], nextPageToken: "", pageSize: 50, totalSize: 0 };
      return {
        ...r,
        status: 200,
        contentType: "application/json",
        body: { jsonrpc: "2.0", id, result: page },
      };
    },
  },
  {
    // Seen at first sight: a token decoded to `null` and read unguarded.
    id: "list-page-token-crashes",
    what: "ListTasks with a pageToken no call gave (base64url of null) fails as an internal error (-32603)",
    clause:
      "A2A 1.0.1 §3.3.2 (Servers MUST validate all input parameters; validation errors are the client's, -32602)",
    check: "errors.invalid-params",
    generations: ["1.0"],
    bindings: ["JSONRPC"],
    reply: (r, x) => {
      const params = isObject(x.request) && isObject(x.request.params) ? x.request.params : undefined;
      if (x.verb !== "list" || x.binding !== "jsonrpc" || params?.pageToken !== "bnVsbA") return undefined;
      const id = isObject(x.request) ? x.request.id : null;
      const error = { code: -32603, message: "Cannot read properties of null (reading 't')" };
      return { ...r, status: 200, contentType: "application/json", body: { jsonrpc: "2.0", id, error } };
    },
  },
  {
    id: "list-total-size-of-page",
    what: "ListTasks reports totalSize as the size of the page, not of all the tasks that match",
    clause:
      "A2A 1.0.1 §3.1.4; a2a.proto ListTasksResponse.total_size (total number of tasks available, before pagination)",
    check: "lifecycle.list-tasks-filters",
    generations: ["1.0"],
    bindings: ALL,
    reply: (r, x) => {
      const body = x.verb === "list" ? successBody(r, x) : undefined;
      return pageSized(body) ? r : undefined;
    },
    grpcReply: (r, x) => (x.verb === "list" && pageSized(r.response) ? r : undefined),
  },
  {
    id: "push-configs-not-listed",
    violates: ["PUSH-LIST-001"],
    what: "listing a task's push configs answers none, not even the one just set",
    clause: "A2A 0.3 §7.7 tasks/pushNotificationConfig/list; 1.0.1 §3.1.9 ListTaskPushNotificationConfigs",
    check: "push.config-crud",
    bindings: ALL,
    reply: (r, x) => {
      const configs = pushOperation(x) === "list" ? listedConfigs(successBody(r, x)) : undefined;
      if (!configs?.length) return undefined;
      configs.length = 0;
      return r;
    },
    grpcReply: (r, x) => {
      const configs = pushOperation(x) === "list" ? listedConfigs(r.response) : undefined;
      if (!configs?.length) return undefined;
      configs.length = 0;
      return r;
    },
  },
  {
    id: "push-config-outlives-delete",
    violates: ["PUSH-DEL-001", "PUSH-GET-002"],
    what: "a push config read after its delete is still returned",
    clause:
      "A2A 0.3 §7.8 tasks/pushNotificationConfig/delete; 1.0.1 §3.1.10 (the config is removed), §3.1.8 (get of a missing config fails)",
    check: "push.config-crud",
    bindings: ALL,
    reply: (r, x, memory) => {
      const operation = pushOperation(x);
      const kept = servedAfterDelete(operation, memory, successBody(r, x));
      if (kept === undefined || !isRefusal(r, x)) return undefined;
      if (x.binding !== "jsonrpc") return { status: 200, contentType: "application/json", body: kept };
      const id = isObject(x.request) ? x.request.id : null;
      return { ...r, status: 200, body: { jsonrpc: "2.0", id, result: kept } };
    },
    grpcReply: (r, x, memory) => {
      const kept = servedAfterDelete(pushOperation(x), memory, r.error ? undefined : r.response);
      return kept !== undefined && r.error ? { response: kept } : undefined;
    },
  },
  {
    id: "push-config-id-dropped",
    what: "a push config created without an id comes back without the id the agent assigned",
    clause: "A2A 1.0.1 §3.1.7 (Outputs: Created configuration with assigned ID)",
    check: "push.config-id-assigned",
    generations: ["1.0"],
    bindings: ALL,
    reply: (r, x) => {
      const request = x.binding === "jsonrpc" ? rpcParams(x) : isObject(x.request) ? x.request : undefined;
      const body = pushOperation(x) === "create" && !request?.id ? successBody(r, x) : undefined;
      if (!isObject(body) || !body.id) return undefined;
      delete body.id;
      return r;
    },
    grpcReply: (r, x) => {
      if (pushOperation(x) !== "create" || !isObject(x.request) || x.request.id) return undefined;
      if (!isObject(r.response) || !r.response.id) return undefined;
      r.response.id = "";
      return r;
    },
  },
  {
    id: "push-config-forgotten",
    violates: ["PUSH-CREATE-002"],
    what: "a push config read back once is not found at the next read, though it was never deleted",
    clause:
      "A2A 1.0.1 §3.1.7 (the configuration MUST persist until task completion or explicit deletion), §3.1.8; 0.3 §7.6",
    check: "push.config-crud",
    bindings: ALL,
    reply: (r, x, memory) =>
      readBefore(pushOperation(x), memory, successBody(r, x))
        ? asTaskNotFound(r, x, "Push notification config")
        : undefined,
    grpcReply: (r, x, memory) =>
      readBefore(pushOperation(x), memory, r.error ? undefined : r.response)
        ? { error: { code: GRPC_NOT_FOUND, details: "Push notification config not found", metadata: {} } }
        : undefined,
  },
  {
    id: "card-interface-without-url",
    violates: ["CARD-PROTO-002"],
    what: "the card's interfaces name their protocol binding but no URL",
    clause: "A2A 0.3 §5.5.5 AgentInterface.url (required); 1.0.1 §4.4.6 AgentInterface.url (REQUIRED)",
    check: "card.interfaces",
    card: (card) => {
      const list = [card.supportedInterfaces, card.additionalInterfaces].find(Array.isArray) as
        unknown[] | undefined;
      const interfaces = (list ?? []).filter(isObject);
      if (!interfaces.length) return undefined;
      for (const i of interfaces) delete i.url;
      return card;
    },
  },
  {
    id: "rest-error-code-not-numeric",
    violates: ["HTTP_JSON-ERR-001"],
    what: "HTTP+JSON errors give error.code as a status name instead of the HTTP status number",
    clause:
      "A2A 1.0.1 §11.6 (errors use the google.rpc.Status JSON form of AIP-193: code is the HTTP status)",
    check: "errors.error-details",
    generations: ["1.0"],
    bindings: ["HTTP+JSON"],
    reply: (r, x) => {
      const error = x.binding === "rest" && r.status >= 400 && isObject(r.body) ? r.body.error : undefined;
      if (!isObject(error) || typeof error.code !== "number") return undefined;
      error.code = typeof error.status === "string" ? error.status : "NOT_FOUND";
      return r;
    },
  },
];
