import { isObject } from "../exchange.js";
import type { Mutation } from "../types.js";
import {
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  recode,
} from "./shapes.js";

/** Deviations in how JSON-RPC requests are answered as such: parse errors, unknown methods, invalid requests, notifications. */
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
];
