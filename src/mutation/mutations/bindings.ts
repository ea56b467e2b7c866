import { isObject } from "../exchange.js";
import type { ForwardedRequest, Mutation } from "../types.js";
import { GET_TASK_BY_VERSION, renamedMethod } from "./shapes.js";

// google.rpc.Code UNIMPLEMENTED: what a gRPC server answers for a method it does not serve.
const GRPC_UNIMPLEMENTED = 12;

/** `SendMessage` → `send_message`: a method named otherwise than 1.0.1 §9.1 says. */
const snakeCase = (name: string): string => name.replace(/(?<=[a-z])(?=[A-Z])/g, "_").toLowerCase();

/** Whether a query string holds a percent-escape that does not decode (RFC 3986 §2.1). */
function malformedEscape(query: string): boolean {
  try {
    decodeURIComponent(query);
    return false;
  } catch {
    return true;
  }
}

/** The HTTP+JSON path with the query string kept. */
function splitPath(path: string): { pathname: string; query: string } {
  const at = path.indexOf("?");
  return at < 0 ? { pathname: path, query: "" } : { pathname: path.slice(0, at), query: path.slice(at) };
}

/** An HTTP+JSON request whose `part` holds a malformed percent-escape, answered HTTP 500 (an unguarded decode). */
function crashesOnMalformedEscape(id: string, part: "pathname" | "query", where: string): Mutation {
  return {
    id,
    bindings: ["HTTP+JSON"],
    what: `HTTP+JSON: ${where} with a malformed percent-escape ends as HTTP 500`,
    clause: "A2A 1.0.1 §3.3.2 (validation errors are the client's: HTTP 400), §11.5; RFC 3986 §2.1",
    check: "errors.no-server-error",
    reply: (r, x) =>
      x.binding === "rest" && malformedEscape(splitPath(x.path)[part])
        ? { ...r, status: 500, contentType: "text/plain", body: "URIError: URI malformed" }
        : undefined,
  };
}

/**
 * Deviations in how an agent lays out a binding: method names, paths, verbs, query parameters and
 * service parameters (A2A 1.0.1 §9–§11), played on the request so that the agent's own answer to a
 * request it does not recognise reaches the client.
 */
/** A JSON-RPC call whose agent reads the task's id from `taskId`: what the client calls id never reaches it. */
function idReadAsTaskId(r: ForwardedRequest): ForwardedRequest | undefined {
  const params = isObject(r.body) ? r.body.params : undefined;
  if (!isObject(params)) return undefined;
  const taskId = params.taskId;
  delete params.taskId;
  delete params.id;
  if (taskId !== undefined) params.id = taskId;
  return r;
}

export const bindingMutations: Mutation[] = [
  {
    id: "jsonrpc-methods-snake-case",
    violates: ["JSONRPC-SVC-001"],
    bindings: ["JSONRPC"],
    generations: ["1.0"],
    what: "JSON-RPC: the agent serves its methods as send_message, get_task, ... instead of the PascalCase names",
    clause: "A2A 1.0.1 §9.1 (PascalCase method names matching gRPC conventions)",
    check: "lifecycle.send-returns-task",
    request: (r, x) =>
      x.binding === "jsonrpc" && x.generation === "1.0" ? renamedMethod(r, snakeCase) : undefined,
  },
  {
    id: "get-task-wants-task-id",
    bindings: ["JSONRPC"],
    what: "JSON-RPC: tasks/get (GetTask) reads the task's id from `taskId`, so the spec's {id} names no task",
    clause: "A2A 0.3 §7.3 TaskQueryParams.id; 1.0.1 §3.1.3 GetTaskRequest.id",
    check: GET_TASK_BY_VERSION,
    request: (r, x) => (x.verb === "get" ? idReadAsTaskId(r) : undefined),
  },
  {
    // Seen at first sight: tasks/cancel {id} answered "Task not found: undefined", {taskId} served.
    id: "cancel-wants-task-id",
    bindings: ["JSONRPC"],
    what: "JSON-RPC: tasks/cancel (CancelTask) reads the task's id from `taskId`, so the spec's {id} names no task",
    clause: "A2A 0.3 §7.4 TaskIdParams.id; 1.0.1 §3.1.5 CancelTaskRequest.id",
    check: "lifecycle.cancel-running",
    request: (r, x) => (x.verb === "cancel" ? idReadAsTaskId(r) : undefined),
  },
  {
    id: "rest-paths-without-colon-verbs",
    violates: ["HTTP_JSON-URL-001"],
    bindings: ["HTTP+JSON"],
    what: "HTTP+JSON: the agent serves /message/send and /tasks/{id}/cancel instead of /message:send and /tasks/{id}:cancel",
    clause: "A2A 1.0.1 §11.3 (URL patterns); 0.3 §3.2.3",
    check: "lifecycle.send-returns-task",
    request: (r, x) => {
      if (x.binding !== "rest") return undefined;
      const { pathname, query } = splitPath(r.path);
      if (!pathname.includes(":")) return undefined;
      r.path = pathname.replace(/:(send|stream|cancel|subscribe)$/, "/$1") + query;
      return r;
    },
  },
  // Seen at first sight: the task id decoded outside the error handling, HTTP 500 with an empty body.
  crashesOnMalformedEscape(
    "rest-malformed-task-id-crashes",
    "pathname",
    "a task id in the path (/tasks/%ZZ)",
  ),
  crashesOnMalformedEscape("rest-malformed-query-crashes", "query", "a query string (historyLength=%ZZ)"),
  {
    id: "rest-send-by-put",
    violates: ["HTTP_JSON-URL-002"],
    bindings: ["HTTP+JSON"],
    what: "HTTP+JSON: the agent takes message:send as PUT, answering POST as a method it does not allow",
    clause: "A2A 1.0.1 §11.3 (POST /message:send); 0.3 §3.2.3",
    check: "lifecycle.send-returns-task",
    request: (r, x) => {
      if (x.binding !== "rest" || x.verb !== "send") return undefined;
      r.httpMethod = "PUT";
      return r;
    },
  },
  {
    id: "query-parameters-snake-case",
    violates: ["HTTP_JSON-QP-001"],
    bindings: ["HTTP+JSON"],
    generations: ["1.0"],
    what: "HTTP+JSON: the agent reads history_length, page_size, ... and ignores the camelCase query parameters",
    clause: "A2A 1.0.1 §11.5 (query parameter names are camelCase)",
    check: "lifecycle.history-length",
    request: (r, x) => {
      if (x.binding !== "rest") return undefined;
      const { pathname, query } = splitPath(r.path);
      if (!query) return undefined;
      const params = new URLSearchParams(query.slice(1));
      const renamed = new URLSearchParams();
      for (const [k, v] of params) renamed.append(snakeCase(k), v);
      r.path = `${pathname}?${renamed.toString()}`;
      return r;
    },
  },
  {
    id: "return-immediately-ignored",
    violates: ["CORE-EXECUTION-MODE-002"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    generations: ["1.0"],
    what: "SendMessage with returnImmediately: true still waits for the task to finish",
    clause: "A2A 1.0.1 §3.2.2 (non-blocking: return immediately after creating the task)",
    check: "lifecycle.execution-mode",
    request: (r, x) => {
      if (x.verb !== "send" || !isObject(r.body)) return undefined;
      const params = x.binding === "jsonrpc" ? r.body.params : r.body;
      if (!isObject(params) || !isObject(params.configuration)) return undefined;
      if (params.configuration.returnImmediately !== true) return undefined;
      delete params.configuration.returnImmediately;
      return r;
    },
    grpcRequest: (call, x) => {
      const configuration =
        x.verb === "send" && isObject(call.request) && isObject(call.request.configuration)
          ? call.request.configuration
          : undefined;
      if (configuration?.returnImmediately !== true) return undefined;
      configuration.returnImmediately = false;
      return call;
    },
  },
  {
    id: "stream-method-not-served",
    violates: ["CORE-STREAM-001", "GRPC-ERR-003"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "the card claims streaming, but the agent does not serve the streaming method (unknown method, path or RPC)",
    clause:
      "A2A 1.0.1 §3.1.2 SendStreamingMessage, §10.7 (gRPC streaming uses server streaming RPCs); 0.3 §7.2 message/stream",
    check: "streaming.first-event",
    request: (r, x) => {
      if (x.verb !== "stream") return undefined;
      if (x.binding === "jsonrpc") return renamedMethod(r, (m) => `${m}Unserved`);
      const { pathname, query } = splitPath(r.path);
      r.path = `${pathname.replace(/:stream$/, ":unserved")}${query}`;
      return r;
    },
    grpcStreamRefusal: (x) =>
      x.verb === "stream"
        ? { code: GRPC_UNIMPLEMENTED, details: `${x.method} is not implemented`, metadata: {} }
        : undefined,
  },
  {
    id: "grpc-send-unimplemented",
    violates: ["GRPC-SVC-001"],
    bindings: ["GRPC"],
    generations: ["1.0"],
    what: "gRPC: the A2AService the agent serves lacks SendMessage (UNIMPLEMENTED)",
    clause: "A2A 1.0.1 §10.1 (the agent implements the A2AService of the normative proto)",
    check: "lifecycle.send-returns-task",
    grpcReply: (_r, x) =>
      x.verb === "send"
        ? { error: { code: GRPC_UNIMPLEMENTED, details: "SendMessage is not implemented", metadata: {} } }
        : undefined,
  },
  {
    id: "grpc-reply-as-json",
    violates: ["GRPC-SVC-002"],
    bindings: ["GRPC"],
    generations: ["1.0"],
    what: "gRPC: SendMessage's response is the task as JSON text, not a proto3-encoded message",
    clause: "A2A 1.0.1 §10.1 (Protocol Buffers version 3 messages)",
    check: "lifecycle.send-returns-task",
    grpcReply: (r, x) =>
      x.verb === "send" && r.response !== undefined
        ? { raw: Buffer.from(JSON.stringify(r.response)) }
        : undefined,
  },
];

/** Deviations in how a card declares the bindings an agent serves (A2A 1.0.1 §5.2, §8.3). */
export const bindingDeclarationMutations: Mutation[] = [
  {
    id: "card-declares-no-interface",
    violates: ["BIND-FIELD-001"],
    generations: ["1.0"],
    what: "the card's supportedInterfaces is empty: it declares none of the bindings the agent serves",
    clause: "A2A 1.0.1 §5.2 (agents MUST declare every supported protocol in their card), §8.3",
    check: "card.interfaces",
    card: (card) => {
      if (!Array.isArray(card.supportedInterfaces) || card.supportedInterfaces.length === 0) return undefined;
      card.supportedInterfaces = [];
      return card;
    },
  },
  {
    id: "card-1-0-in-0x-shape",
    violates: ["CARD-STRUCT-001"],
    generations: ["1.0"],
    what: "the 1.0 card says protocolVersion 1.0 but keeps its first interface in 0.3's url and preferredTransport, with no supportedInterfaces",
    clause:
      "A2A 1.0.1 §5.2 (agents MUST declare every supported protocol in their card); a2a.proto AgentCard.supported_interfaces REQUIRED",
    check: "card.required-fields",
    card: (card) => {
      const [first] = Array.isArray(card.supportedInterfaces)
        ? card.supportedInterfaces.filter(isObject)
        : [];
      if (!first || typeof first.url !== "string") return undefined;
      delete card.supportedInterfaces;
      card.url = first.url;
      card.preferredTransport = first.protocolBinding;
      card.protocolVersion = "1.0";
      return card;
    },
  },
];
