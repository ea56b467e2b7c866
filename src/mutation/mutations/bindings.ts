import { isObject } from "../exchange.js";
import type { ForwardedRequest, Json, Mutation, MutationMemory } from "../types.js";
import { GET_TASK_BY_VERSION, renamedMethod, spellsProto, taskIn } from "./shapes.js";

// google.rpc.Code UNIMPLEMENTED: what a gRPC server answers for a method it does not serve.
const GRPC_UNIMPLEMENTED = 12;
const GRPC_INVALID_ARGUMENT = 3;

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
    id: "version-parameter-ignored",
    violates: ["HTTP_JSON-SVC-002", "GRPC-META-001", "JSONRPC-SVC-002"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    generations: ["1.0"],
    what: "the agent does not read the A2A-Version service parameter: every request is served as 1.0",
    clause: "A2A 1.0.1 §3.6.2; §9.2, §10.2, §11.2 (A2A-Version as an HTTP header, gRPC metadata)",
    check: "errors.version-not-supported",
    request: (r) => {
      if (r.headers["a2a-version"] === undefined) return undefined;
      r.headers["a2a-version"] = "1.0";
      return r;
    },
    grpcRequest: (call) => {
      if (call.metadata["a2a-version"] === undefined) return undefined;
      call.metadata["a2a-version"] = "1.0";
      return call;
    },
  },
  {
    // Seen at first sight: another major refused, any 1.x served as 1.0.
    id: "minor-version-served-as-1-0",
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    generations: ["1.0"],
    what: "the agent compares only the major of A2A-Version: a 1.x minor it does not serve is served as 1.0",
    clause:
      "A2A 1.0.1 §3.6.2 (Agents MUST process requests using the semantics of the requested A2A-Version, matching Major.Minor)",
    check: "errors.version-not-supported",
    request: (r) => {
      const version = r.headers["a2a-version"];
      if (typeof version !== "string" || !/^1\.[1-9]/.test(version)) return undefined;
      r.headers["a2a-version"] = "1.0";
      return r;
    },
    grpcRequest: (call) => {
      const version = call.metadata["a2a-version"];
      if (typeof version !== "string" || !/^1\.[1-9]/.test(version)) return undefined;
      call.metadata["a2a-version"] = "1.0";
      return call;
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

// The fields a Message and a send's params have in 0.3 (JSON-RPC and ProtoJSON spellings) and 1.0.
const MESSAGE_FIELDS = new Set([
  "kind",
  "messageId",
  "contextId",
  "taskId",
  "role",
  "parts",
  "content",
  "metadata",
  "extensions",
  "referenceTaskIds",
]);
const SEND_FIELDS = new Set(["message", "request", "configuration", "metadata", "tenant"]);

/** Whether a send's params or its message carry a field the protocol does not define. */
function carriesUnknownField(params: unknown): boolean {
  if (!isObject(params)) return false;
  const message = isObject(params.message) ? params.message : isObject(params.request) ? params.request : {};
  return (
    Object.keys(params).some((k) => !SEND_FIELDS.has(k)) ||
    Object.keys(message).some((k) => !MESSAGE_FIELDS.has(k))
  );
}

/** The media types of a message's file parts: 1.0 `mediaType` on the part, 0.3 `file.mimeType`. */
function partMediaTypes(message: unknown): string[] {
  const parts = isObject(message) && Array.isArray(message.parts) ? (message.parts as unknown[]) : [];
  return parts.flatMap((p) => {
    if (!isObject(p)) return [];
    const file = isObject(p.file) ? p.file : {};
    const type = p.mediaType ?? file.mimeType ?? file.mediaType;
    return typeof type === "string" ? [type] : [];
  });
}

/** The card's defaultInputModes, remembered when the card passes the proxy. */
function rememberInputModes(card: Json, memory: MutationMemory): undefined {
  const modes = Array.isArray(card.defaultInputModes) ? card.defaultInputModes : [];
  memory.set(
    "input-modes",
    modes.filter((m): m is string => typeof m === "string"),
  );
  return undefined;
}

/**
 * A reply that refuses, with `code`, every send whose message holds a part of a media type outside the card's
 * input modes (remembered from the card the proxy passed on).
 */
function unsupportedMediaRefusedWith(code: number, message: string): NonNullable<Mutation["reply"]> {
  return (r, x, memory) => {
    if (x.verb === "card" && isObject(r.body)) return rememberInputModes(r.body, memory);
    if (x.binding !== "jsonrpc" || x.verb !== "send" || !isObject(r.body) || !("result" in r.body))
      return undefined;
    const modes = (memory.get("input-modes") as string[] | undefined) ?? [];
    const params = isObject(x.request) ? x.request.params : undefined;
    const types = partMediaTypes(isObject(params) ? params.message : undefined);
    if (modes.length === 0 || !types.some((t) => !modes.includes(t))) return undefined;
    return { ...r, body: { jsonrpc: "2.0", id: r.body.id ?? null, error: { code, message } } };
  };
}

/** Deviations in how strictly an agent reads requests (A2A 1.0.1 §5.7). */
export const requestReadingMutations: Mutation[] = [
  {
    id: "unsupported-media-type-breaks-agent",
    bindings: ["JSONRPC"],
    what: "a message with a file part of a media type outside the card's input modes is answered with an internal error (-32603)",
    clause:
      "A2A 0.3 §8.2, 1.0.1 §3.3.2 (ContentTypeNotSupportedError for a media type the agent does not support)",
    check: "errors.content-type-not-supported",
    reply: unsupportedMediaRefusedWith(-32603, "Internal error"),
  },
  {
    // Seen at first sight: an agent that reads text only refused the file part alone so.
    id: "unsupported-media-type-as-invalid-params",
    bindings: ["JSONRPC"],
    // 1.0.1 §3.3.2 allows -32602 for an unsupported content type (a validation error).
    generations: ["0.x"],
    what: "a message with a file part of a media type outside the card's input modes is refused with InvalidParams (-32602), not ContentTypeNotSupported (-32005)",
    clause:
      "A2A 0.3 §8.2 (-32005 for a media type the agent does not support; servers SHOULD use these codes where applicable)",
    check: "errors.content-type-not-supported",
    reply: unsupportedMediaRefusedWith(-32602, "Invalid params: no text parts"),
  },
  {
    id: "unsupported-part-left-submitted",
    bindings: ["JSONRPC"],
    what: "a message with a file part of a media type outside the card's input modes is accepted as a task that stays submitted: never refused, never worked on",
    clause:
      "A2A 0.3 §8.2, 1.0.1 §3.3.2 (ContentTypeNotSupportedError for a media type the agent cannot process)",
    check: "errors.content-type-not-supported",
    reply: (r, x, memory) => {
      if (x.verb === "card" && isObject(r.body)) return rememberInputModes(r.body, memory);
      if (x.binding !== "jsonrpc") return undefined;
      const task = taskIn(r, x);
      if (!task || !isObject(task.status)) return undefined;
      const left = (memory.get("left-submitted") as Set<unknown> | undefined) ?? new Set<unknown>();
      memory.set("left-submitted", left);
      const modes = (memory.get("input-modes") as string[] | undefined) ?? [];
      const params = isObject(x.request) ? x.request.params : undefined;
      const types = x.verb === "send" ? partMediaTypes(isObject(params) ? params.message : undefined) : [];
      if (modes.length > 0 && types.some((t) => !modes.includes(t))) left.add(task.id);
      if (!left.has(task.id)) return undefined;
      task.status.state = spellsProto(x) ? "TASK_STATE_SUBMITTED" : "submitted";
      return r;
    },
  },
  {
    id: "unknown-fields-refused",
    violates: ["DM-SERIAL-005"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a send whose params or message carry a field the agent does not know is refused as invalid",
    clause: "A2A 1.0.1 §5.7 (implementations SHOULD ignore unrecognized fields)",
    check: "lifecycle.unknown-fields-ignored",
    // Refused here rather than by taking the message away: a lenient agent answers a send without one.
    reply: (r, x) => {
      // 0.1's tasks/send has other params (id, sessionId, ...): the field lists above are 0.2 and later.
      if (x.verb !== "send" || !isObject(x.request) || x.request.method === "tasks/send") return undefined;
      const params = x.binding === "jsonrpc" ? x.request.params : x.request;
      if (!carriesUnknownField(params)) return undefined;
      const message = "unknown field in the request";
      if (x.binding === "jsonrpc")
        return {
          ...r,
          status: 200,
          body: { jsonrpc: "2.0", id: x.request.id ?? null, error: { code: -32602, message } },
        };
      return {
        ...r,
        status: 400,
        contentType: "application/json",
        body: { error: { code: 400, status: "INVALID_ARGUMENT", message } },
      };
    },
    // gRPC: a request with field numbers the proto lacks is refused as invalid, as a strict reader would.
    grpcReply: (_r, x) =>
      x.verb === "send" && x.unknownFields
        ? { error: { code: GRPC_INVALID_ARGUMENT, details: "unknown field in request", metadata: {} } }
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
