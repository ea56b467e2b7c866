import { isObject } from "../exchange.js";
import type { Mutation } from "../types.js";
import { INVALID_REQUEST, rpcError } from "./shapes.js";

/** The object ids of requests the proxy forwarded under a string id, put back in their replies. */
const objectIds = new WeakMap<object, unknown>();

/** Deviations in the ids of JSON-RPC requests and replies (JSON-RPC 2.0 §4: a String, Number or Null; §5: the request's id, null when unreadable). */
export const errorIdMutations: Mutation[] = [
  {
    id: "error-id-not-echoed",
    violates: ["JSONRPC-ERR-001"],
    bindings: ["JSONRPC"],
    what: "error replies carry an id other than the request's",
    clause: "JSON-RPC 2.0 §5 (id MUST be the same as the request's); A2A 0.3 §6.11, 1.0.1 §9.5",
    check: "errors.error-envelope",
    reply: (r, x) => {
      if (!rpcError(r) || !isObject(r.body) || !isObject(x.request) || x.request.id === undefined)
        return undefined;
      if (r.body.id === null || r.body.id === undefined) return undefined;
      r.body.id = `${JSON.stringify(r.body.id)}-not-yours`;
      return r;
    },
  },
  {
    id: "object-ids-accepted",
    violates: ["CORE-ERR-001"],
    bindings: ["JSONRPC"],
    what: "a request whose id is an object is routed like any other and its id echoed, not refused with -32600 (seen at first sight)",
    clause:
      "JSON-RPC 2.0 §4 (the id MUST contain a String, Number, or NULL value if included), §5.1 (-32600: not a valid Request object)",
    check: "errors.invalid-request",
    // Played on the request: the agent sees a string id and routes the call; its reply gets the object back.
    request: (r, x) => {
      if (x.binding !== "jsonrpc" || !isObject(r.body) || !isObject(r.body.id)) return undefined;
      objectIds.set(x, r.body.id);
      r.body.id = `plainwright-proxy-${Date.now()}`;
      return r;
    },
    reply: (r, x) => {
      if (!objectIds.has(x) || !isObject(r.body)) return undefined;
      r.body.id = objectIds.get(x);
      return r;
    },
  },
  {
    id: "numeric-ids-echoed-as-strings",
    violates: ["JSONRPC-ERR-001"],
    bindings: ["JSONRPC"],
    what: 'replies to a request whose id is a number carry it as a string (7 as "7"; an id run through an HTML escaper, seen at first sight)',
    clause:
      "JSON-RPC 2.0 §4 (id: a String, Number, or NULL), §5 (id MUST be the same as the request's); A2A 0.3 §6.11, 1.0.1 §9.5",
    check: "errors.error-envelope",
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || !isObject(r.body) || typeof r.body.id !== "number") return undefined;
      r.body.id = String(r.body.id);
      return r;
    },
  },
  {
    id: "null-id-echoed-empty",
    violates: ["JSONRPC-ERR-001"],
    bindings: ["JSONRPC"],
    what: 'the reply to a request whose id is null carries "id": "" (a schema coercing null to a string, seen at first sight)',
    clause:
      "JSON-RPC 2.0 §4 (id: a String, Number, or NULL), §5 (id MUST be the same as the request's); A2A 0.3 §6.11, 1.0.1 §9.5",
    check: "errors.error-envelope",
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || !isObject(x.request) || x.request.id !== null || !isObject(r.body))
        return undefined;
      if (!("id" in r.body)) return undefined;
      r.body.id = "";
      return r;
    },
  },
  {
    id: "null-id-refused",
    violates: ["JSONRPC-ERR-001"],
    bindings: ["JSONRPC"],
    what: "a request whose id is null is refused as Invalid Request (-32600), as if a null id made it no request (seen at first sight)",
    clause:
      "JSON-RPC 2.0 §4 (id: a String, Number, or NULL value if included), §5.1 (-32600: not a valid Request object)",
    check: "errors.error-envelope",
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || !isObject(x.request) || x.request.id !== null) return undefined;
      r.status = 200;
      r.contentType = "application/json";
      r.body = { jsonrpc: "2.0", id: null, error: { code: INVALID_REQUEST, message: "Invalid Request" } };
      return r;
    },
  },
  {
    id: "null-id-success-refused",
    violates: ["JSONRPC-ERR-001"],
    bindings: ["JSONRPC"],
    what: "a call whose id is null that succeeds is answered with an internal error in place of its result (seen at first sight: 'Cannot create success response for request with null ID')",
    clause: "JSON-RPC 2.0 §4 (id: a String, Number, or NULL value if included), §5 (a result on success)",
    check: "errors.error-envelope",
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || !isObject(x.request) || x.request.id !== null) return undefined;
      if (!isObject(r.body) || !("result" in r.body)) return undefined;
      r.body = {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32603, message: "Cannot create success response for request with null ID." },
      };
      return r;
    },
  },
  {
    id: "falsy-id-read-as-missing",
    violates: ["JSONRPC-ERR-001"],
    bindings: ["JSONRPC"],
    what: 'a request whose id is 0 or "" is refused with a Parse error, its id tested for truth as if it had none (seen at first sight)',
    clause:
      "JSON-RPC 2.0 §4 (id: a String, Number, or NULL value if included), §5 (the Server MUST reply with the same value)",
    check: "errors.error-envelope",
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || !isObject(x.request) || (x.request.id !== 0 && x.request.id !== ""))
        return undefined;
      r.status = 200;
      r.contentType = "application/json";
      r.body = { jsonrpc: "2.0", id: x.request.id, error: { code: -32700, message: "Parse error" } };
      return r;
    },
  },
  {
    id: "invalid-request-id-left-out",
    violates: ["JSONRPC-ERR-001"],
    bindings: ["JSONRPC"],
    what: "an Invalid Request reply (-32600) has no id member at all, even when the request's id could be read (seen at first sight)",
    clause:
      "JSON-RPC 2.0 §5 (id is REQUIRED in a Response; Null when it could not be detected); A2A 0.3 §6.11, 1.0.1 §9.5",
    check: "errors.error-envelope",
    reply: (r) => {
      if (
        !rpcError(r) ||
        !isObject(r.body) ||
        !isObject(r.body.error) ||
        r.body.error.code !== INVALID_REQUEST
      )
        return undefined;
      delete r.body.id;
      return r;
    },
  },
  {
    id: "invalid-request-unread-id-left-out",
    violates: ["CORE-ERR-001"],
    bindings: ["JSONRPC"],
    what: "an Invalid Request reply (-32600) to a body with no id to read has no id member, not id null (seen at first sight: `id: undefined` dropped by JSON.stringify)",
    clause:
      "JSON-RPC 2.0 §5 (id is REQUIRED in a Response; Null when it could not be detected in an Invalid Request); A2A 0.3 §6.11, 1.0.1 §9.5",
    check: "errors.invalid-request",
    reply: (r, x) => {
      if (x.binding !== "jsonrpc" || (isObject(x.request) && "id" in x.request)) return undefined;
      // An empty body is errors.no-server-error's probe; errors.invalid-request sends bodies with something in them.
      if (x.request === undefined && !x.requestUnparsable) return undefined;
      if (!isObject(r.body) || rpcError(r)?.code !== INVALID_REQUEST) return undefined;
      delete r.body.id;
      return r;
    },
  },
  {
    id: "error-id-zero-as-null",
    violates: ["JSONRPC-ERR-001"],
    bindings: ["JSONRPC"],
    what: "an error reply to a request whose id is 0 carries id null, as if the id were missing (`id || null`)",
    clause:
      "JSON-RPC 2.0 §4 (an id is a String, Number or Null) and §5 (id MUST be the same as the request's)",
    check: "errors.error-envelope",
    reply: (r, x) => {
      if (!rpcError(r) || !isObject(r.body) || !isObject(x.request) || x.request.id !== 0) return undefined;
      r.body.id = null;
      return r;
    },
  },
  {
    id: "unknown-method-id-null",
    bindings: ["JSONRPC"],
    what: "the -32601 reply to an unknown method carries id null: the method is looked up before the id is read",
    clause: "JSON-RPC 2.0 §5 (id MUST be the same as the request's; null only when it could not be detected)",
    check: "errors.error-envelope",
    reply: (r, x) => {
      const error = rpcError(r);
      if (error?.code !== -32601 || !isObject(r.body) || !isObject(x.request)) return undefined;
      if (typeof x.request.id !== "string" && typeof x.request.id !== "number") return undefined;
      r.body.id = null;
      return r;
    },
  },
];
