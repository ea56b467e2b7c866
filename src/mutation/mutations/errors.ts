import { isObject } from "../exchange.js";
import type { BufferedReply, GrpcReply, Mutation } from "../types.js";
import { GRPC_NOT_FOUND, grpcAsInternal } from "./grpc-shapes.js";
import { nullPartSent, recode, rpcError, taskIn } from "./shapes.js";

// JSON-RPC 2.0 §5.1 codes, used by every A2A generation's JSON-RPC binding (0.3 §8.1, 1.0.1 §9.5).
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
// gRPC's INVALID_ARGUMENT (google.rpc.Code 3), the status of a validation error (1.0.1 §3.3.2).
const GRPC_INVALID_ARGUMENT = 3;

/** A gRPC error with its status details (the ErrorInfo) left out; undefined when it carried none. */
function withoutDetails(r: GrpcReply): GrpcReply | undefined {
  if (!r.error || !("grpc-status-details-bin" in r.error.metadata)) return undefined;
  const metadata = { ...r.error.metadata };
  delete metadata["grpc-status-details-bin"];
  return { error: { ...r.error, metadata } };
}

/** Deviations in how errors are answered: their codes, ids, statuses and details. */
export const errorMutations: Mutation[] = [
  {
    id: "parse-error-as-invalid-request",
    violates: ["CORE-ERR-001"],
    bindings: ["JSONRPC"],
    what: "a body that is not JSON is answered -32600 instead of -32700",
    clause: "JSON-RPC 2.0 §5.1; A2A 0.3 §8.1, 1.0.1 §9.5",
    check: "errors.parse-error",
    reply: (r, x) => (x.requestUnparsable ? recode(r, PARSE_ERROR, INVALID_REQUEST) : undefined),
  },
  {
    id: "unknown-method-as-internal-error",
    violates: ["CORE-ERR-001"],
    bindings: ["JSONRPC"],
    what: "an unknown method is answered -32603 instead of -32601",
    clause: "JSON-RPC 2.0 §5.1; A2A 0.3 §8.1, 1.0.1 §9.5",
    check: "errors.unknown-method",
    reply: (r, x) => (x.verb === "unknown" ? recode(r, METHOD_NOT_FOUND, INTERNAL_ERROR) : undefined),
  },
  {
    id: "invalid-request-as-internal-error",
    violates: ["CORE-ERR-001"],
    bindings: ["JSONRPC"],
    what: "a body that is not a JSON-RPC request is answered -32603 instead of -32600",
    clause: "JSON-RPC 2.0 §5.1; A2A 0.3 §8.1, 1.0.1 §9.5",
    check: "errors.invalid-request",
    reply: (r, x) => (x.requestUnparsable ? undefined : recode(r, INVALID_REQUEST, INTERNAL_ERROR)),
  },
  {
    // Seen at first sight: a request without a method, or with a number for one, routed and refused -32602.
    id: "methodless-request-as-invalid-params",
    violates: ["CORE-ERR-001"],
    bindings: ["JSONRPC"],
    what: "a request without a string method is answered -32602 (Invalid params) instead of -32600",
    clause: 'JSON-RPC 2.0 §4 ("method: A String containing the name of the method"), §5.1 (-32600)',
    check: "errors.invalid-request",
    reply: (r, x) =>
      isObject(x.request) && x.request.jsonrpc === "2.0" && typeof x.request.method !== "string"
        ? recode(r, INVALID_REQUEST, INVALID_PARAMS)
        : undefined,
  },
  {
    id: "null-body-as-server-error",
    violates: ["CORE-ERR-001"],
    bindings: ["JSONRPC"],
    what: "the JSON literal null as a body is answered HTTP 500 with -32603, as a handler that reads its method from null crashes",
    clause:
      "JSON-RPC 2.0 §5.1 (-32600: the JSON sent is not a valid Request object); A2A 0.3 §8.1, 1.0.1 §9.5",
    check: "errors.invalid-request",
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || x.request !== null) return undefined;
      return {
        ...r,
        status: 500,
        contentType: "application/json",
        body: {
          jsonrpc: "2.0",
          id: null,
          error: { code: INTERNAL_ERROR, message: "Cannot read properties of null (reading 'method')" },
        },
      };
    },
  },
  {
    id: "notification-answered",
    bindings: ["JSONRPC"],
    what: 'a request without an "id" (a notification) is carried out and answered: a GetTask of an unknown task gets TaskNotFound',
    clause: "JSON-RPC 2.0 §4.1 (the server MUST NOT reply to a notification); A2A 0.3 §6.11, 1.0.1 §9.3",
    check: "errors.notification-unanswered",
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || !isObject(x.request) || "id" in x.request || x.verb !== "get")
        return undefined;
      return {
        ...r,
        status: 200,
        contentType: "application/json",
        body: { jsonrpc: "2.0", id: null, error: { code: -32001, message: "Task not found" } },
      };
    },
  },
  {
    // Seen at first sight: a tasks/get notification got 204, a message/stream notification a whole stream.
    id: "stream-notification-answered",
    bindings: ["JSONRPC"],
    what: 'a streamed message without an "id" (a notification) is carried out and answered with an event stream of responses',
    clause: "JSON-RPC 2.0 §4.1 (the server MUST NOT reply to a notification); A2A 0.3 §6.11.1, 1.0.1 §9.3",
    check: "errors.notification-unanswered",
    // Played on the request: given an id, the agent streams its responses, as the deviating one does without.
    request: (r, x) => {
      if (x.binding !== "jsonrpc" || x.verb !== "stream" || !isObject(r.body) || "id" in r.body)
        return undefined;
      r.body.id = "plainwright-notification";
      return r;
    },
  },
  {
    id: "notification-refused-invalid",
    bindings: ["JSONRPC"],
    what: 'a request without an "id" (a notification) is refused with a JSON-RPC error -32600 "id required"',
    clause:
      "JSON-RPC 2.0 §4.1 (the server MUST NOT reply to a notification); A2A 0.3 §6.11.1, 1.0.1 §9.3 (the JSON-RPC 2.0 format, no id required)",
    check: "errors.notification-unanswered",
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || !isObject(x.request) || "id" in x.request) return undefined;
      return {
        ...r,
        status: 200,
        contentType: "application/json",
        body: { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: id required" } },
      };
    },
  },
  {
    id: "message-without-id-accepted",
    violates: ["CORE-ERR-002"],
    bindings: ["JSONRPC"],
    generations: ["0.x", "1.0"],
    what: "a send whose message has no messageId is accepted: the agent makes one up instead of answering -32602",
    clause:
      "A2A 0.3 §8.1 (-32602: a missing required field), Message.messageId required from 0.2.0; 1.0.1 a2a.proto message_id REQUIRED, §3.3.2",
    check: "errors.invalid-params",
    // Played on the request: the agent then sees a valid message and accepts it, as the deviating one would.
    request: (r, x) => {
      // 0.1's tasks/send has no messageId at all: only 0.2 on requires it.
      if (x.binding !== "jsonrpc" || x.verb !== "send" || !isObject(r.body) || !isObject(r.body.params))
        return undefined;
      if (r.body.method === "tasks/send") return undefined;
      const message = r.body.params.message;
      if (!isObject(message) || "messageId" in message || !("role" in message)) return undefined;
      message.messageId = `plainwright-proxy-${Date.now()}`;
      return r;
    },
  },
  {
    id: "invalid-message-accepted",
    violates: ["CORE-ERR-002"],
    bindings: ["JSONRPC"],
    generations: ["0.x", "1.0"],
    what: "a send whose message has a role outside the enum or parts that are no Part objects is accepted: the agent takes what it can read instead of answering -32602",
    clause:
      "A2A 1.0.1 §3.3.2 (Servers MUST validate all input parameters; 'missing required message parts'); 0.3 §8.1 (-32602), Part and Role in specification/json/a2a.json",
    check: "errors.invalid-params",
    // Played on the request: the agent then sees a valid message and accepts it, as the deviating one would.
    request: (r, x) => {
      if (x.binding !== "jsonrpc" || x.verb !== "send" || !isObject(r.body) || !isObject(r.body.params))
        return undefined;
      const message = r.body.params.message;
      if (!isObject(message) || !Array.isArray(message.parts) || !("messageId" in message)) return undefined;
      const v10 = x.generation === "1.0";
      const roles = v10 ? ["ROLE_USER", "ROLE_AGENT"] : ["user", "agent"];
      const parts = message.parts.filter(isObject);
      const valid =
        roles.includes(String(message.role)) && parts.length === message.parts.length && parts.length > 0;
      if (valid) return undefined;
      message.role = roles[0];
      message.parts = parts.length > 0 ? parts : [v10 ? { text: "Hello" } : { kind: "text", text: "Hello" }];
      return r;
    },
  },
  {
    id: "invalid-params-as-internal-error",
    violates: ["CORE-ERR-001", "CORE-ERR-002"],
    bindings: ["JSONRPC"],
    what: "malformed params are answered -32603 instead of -32602",
    clause: "JSON-RPC 2.0 §5.1; A2A 0.3 §8.1, 1.0.1 §9.5",
    check: "errors.invalid-params",
    reply: (r) => recode(r, INVALID_PARAMS, INTERNAL_ERROR),
  },
  {
    id: "null-part-crashes",
    violates: ["CORE-ERR-002"],
    bindings: ["JSONRPC"],
    generations: ["0.x", "1.0"],
    what: "a send whose message parts hold null crashes the handler: -32000 with its stack trace instead of -32602 (seen at first sight, where a part that is a number was refused -32602)",
    clause:
      "A2A 0.3 §10.2 (Servers MUST rigorously validate all RPC parameters and the content/structure of data in Message parts), §8.1 (-32602: wrong type); 1.0.1 §3.3.2",
    check: "errors.invalid-params",
    reply: (r, x) => {
      const request = x.request;
      if (x.binding !== "jsonrpc" || x.verb !== "send" || !isObject(request) || !nullPartSent(x))
        return undefined;
      return crashedOn(
        r,
        request.id,
        -32000,
        "Cannot read properties of null (reading 'kind')",
        "parseParts",
      );
    },
  },
  {
    id: "get-without-params-crashes",
    violates: ["CORE-ERR-002"],
    bindings: ["JSONRPC"],
    what: "a get whose request has no params member crashes the handler: -32603 with its stack trace instead of -32602 (seen at first sight)",
    clause:
      "JSON-RPC 2.0 §4.2 (params may be omitted), §5.1 (-32602 Invalid params); A2A 0.3 §8.1, 1.0.1 §3.3.2",
    check: "errors.invalid-params",
    reply: (r, x) => {
      const request = x.request;
      if (x.binding !== "jsonrpc" || x.verb !== "get" || !isObject(request) || "params" in request)
        return undefined;
      return crashedOn(
        r,
        request.id,
        INTERNAL_ERROR,
        "Cannot read properties of undefined (reading 'id')",
        "getTask",
      );
    },
  },
  {
    id: "error-as-string",
    violates: ["JSONRPC-ERR-001", "JSONRPC-FMT-001"],
    bindings: ["JSONRPC"],
    what: "errors are plain strings, not JSON-RPC error objects",
    clause: "JSON-RPC 2.0 §5.1 (error MUST be an object with code and message)",
    check: "errors.error-envelope",
    reply: (r) => {
      const error = rpcError(r);
      if (!error || !isObject(r.body)) return undefined;
      r.body.error = typeof error.message === "string" ? error.message : "error";
      return r;
    },
  },
  {
    id: "client-error-as-http-500",
    bindings: ["JSONRPC"],
    what: "JSON-RPC errors for a client's mistake come with HTTP 500",
    clause: "A2A 0.3 §3.2 / RFC 9110 §15.6 (5xx means the server failed); 1.0.1 §9.5",
    check: "errors.no-server-error",
    reply: (r) => {
      const code = rpcError(r)?.code;
      if (code !== PARSE_ERROR && code !== INVALID_REQUEST && code !== INVALID_PARAMS) return undefined;
      r.status = 500;
      return r;
    },
  },
  {
    // Seen at first sight: a handler that destructures an undefined body, Express's 500 with its TypeError.
    id: "empty-body-server-error",
    bindings: ["JSONRPC"],
    what: "a POST with an empty body ends as HTTP 500, the handler failing on the missing request",
    clause: "A2A 1.0.1 §3.3.2 (validation errors are the client's: 400, not 500); JSON-RPC 2.0 §5.1 (-32700)",
    check: "errors.no-server-error",
    reply: (r, x) => {
      if (
        x.binding !== "jsonrpc" ||
        x.httpMethod !== "POST" ||
        x.request !== undefined ||
        x.requestUnparsable
      )
        return undefined;
      return {
        ...r,
        status: 500,
        contentType: "application/json",
        body: { error: "TypeError: Cannot destructure property 'method' of 'req.body' as it is undefined." },
      };
    },
  },
  {
    // Seen at first sight: the event stream's head written, then the handler's throw (the process died).
    id: "stream-without-params-server-error",
    bindings: ["JSONRPC"],
    what: "a stream request without params ends as HTTP 500, the handler failing on the missing params",
    clause: "A2A 1.0.1 §3.3.2 (validation errors are the client's: 400, not 500); JSON-RPC 2.0 §5.1 (-32602)",
    check: "errors.no-server-error",
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || x.verb !== "stream" || !isObject(x.request) || "params" in x.request)
        return undefined;
      return {
        ...r,
        status: 500,
        contentType: "text/html",
        body: "<pre>TypeError: Cannot read properties of undefined</pre>",
      };
    },
  },
  {
    id: "error-details-dropped",
    violates: ["GRPC-ERR-001"],
    what: "gRPC: A2A errors come without their ErrorInfo in status details",
    clause: "A2A 1.0.1 §10.6 (gRPC: MUST include ErrorInfo)",
    // Over HTTP+JSON an error without its ErrorInfo cannot be told to be TaskNotFound at all:
    // lifecycle.unknown-task-not-found reports that, once.
    check: "errors.error-details",
    generations: ["1.0"],
    bindings: ["GRPC"],
    grpcReply: (r) => (r.error?.code === GRPC_NOT_FOUND ? withoutDetails(r) : undefined),
  },
  {
    id: "error-details-only-for-not-found",
    what: "gRPC: A2A errors other than TaskNotFound come without their ErrorInfo in status details",
    clause: "A2A 1.0.1 §10.6 (gRPC: for A2A-specific errors, MUST include ErrorInfo)",
    check: "errors.error-details",
    generations: ["1.0"],
    bindings: ["GRPC"],
    grpcReply: (r) => (r.error && r.error.code !== GRPC_NOT_FOUND ? withoutDetails(r) : undefined),
  },
  {
    id: "error-data-not-array",
    what: "JSON-RPC: A2A errors carry error.data as one object instead of an array of typed objects",
    clause: "A2A 1.0.1 §9.5 (Error Details: mapped to error.data, an array of objects each containing @type)",
    check: "errors.error-details",
    generations: ["1.0"],
    bindings: ["JSONRPC"],
    // Seen at first sight: {"code": -32009, "data": {"supportedVersions": ["1.0"]}}.
    reply: (r, x) => {
      const error = x.binding === "jsonrpc" ? rpcError(r) : undefined;
      const code = typeof error?.code === "number" ? error.code : 0;
      if (!error || code > -32000 || code < -32099) return undefined;
      error.data = { reason: "see message" };
      return r;
    },
  },
  {
    id: "error-domain-wrong-beyond-not-found",
    what: 'HTTP+JSON: A2A errors other than TaskNotFound carry an ErrorInfo whose domain is not "a2a-protocol.org"',
    clause: 'A2A 1.0.1 §11.6 (ErrorInfo with domain "a2a-protocol.org" for A2A-specific errors)',
    check: "errors.error-details",
    generations: ["1.0"],
    bindings: ["HTTP+JSON"],
    reply: (r, x) => {
      const error =
        x.binding === "rest" && r.status >= 400 && r.status !== 404 && isObject(r.body)
          ? r.body.error
          : undefined;
      const details = isObject(error) && Array.isArray(error.details) ? error.details : [];
      const infos = details.filter((d) => isObject(d) && d.domain === "a2a-protocol.org");
      if (!infos.length) return undefined;
      for (const info of infos) (info as Record<string, unknown>).domain = "errors.example.com";
      return r;
    },
  },
  {
    id: "timestamp-not-utc",
    violates: ["DM-SERIAL-003"],
    what: "task status timestamps carry a local offset instead of UTC",
    clause: "A2A 1.0.1 §5.5 TaskStatus.timestamp (ISO 8601 in UTC), §5.1 (JSON serialization)",
    check: "lifecycle.wire-format",
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    reply: (r, x) => {
      const task = x.verb === "send" || x.verb === "get" ? taskIn(r, x) : undefined;
      const status = isObject(task?.status) ? task.status : undefined;
      if (typeof status?.timestamp !== "string" || !status.timestamp.endsWith("Z")) return undefined;
      status.timestamp = status.timestamp.replace(/Z$/, "+02:00");
      return r;
    },
  },
  {
    id: "error-info-dropped",
    bindings: ["JSONRPC"],
    what: "JSON-RPC errors come without data: no google.rpc.ErrorInfo names the A2A error",
    clause: "A2A 1.0.1 §9.5 (A2A errors SHOULD carry an ErrorInfo in error.data)",
    check: "errors.error-info-jsonrpc",
    generations: ["1.0"],
    reply: (r, x) => {
      const error = x.binding === "jsonrpc" ? rpcError(r) : undefined;
      if (!error || error.data === undefined) return undefined;
      delete error.data;
      return r;
    },
  },
  {
    id: "grpc-invalid-input-as-internal",
    bindings: ["GRPC"],
    what: "gRPC: a malformed SendMessage is answered INTERNAL instead of INVALID_ARGUMENT",
    clause: "A2A 1.0.1 §3.3.2 (validation errors: gRPC INVALID_ARGUMENT), §10.6",
    check: "errors.grpc-invalid-input",
    generations: ["1.0"],
    grpcReply: (r, x) => (x.verb === "send" ? grpcAsInternal(r, GRPC_INVALID_ARGUMENT) : undefined),
  },
];

/**
 * The reply of a handler that threw on what it was sent: a JSON-RPC error with `code` and the stack trace in
 * its data, as the servers seen at first sight answer (-32603, or -32000 "Internal error").
 */
function crashedOn(r: BufferedReply, id: unknown, code: number, thrown: string, at: string): BufferedReply {
  const message = code === INTERNAL_ERROR ? thrown : "Internal error";
  r.status = 200;
  r.contentType = "application/json";
  r.body = {
    jsonrpc: "2.0",
    id: id ?? null,
    error: { code, message, data: { stack: `TypeError: ${thrown}\n    at ${at}` } },
  };
  return r;
}
