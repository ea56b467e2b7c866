import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, ForwardedRequest, Json, Mutation } from "../types.js";
import {
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  nullPartSent,
  PARSE_ERROR,
  recode,
  rpcError,
} from "./shapes.js";

/** The message of a JSON-RPC send as it will be forwarded, for a mutation that rewrites it; else undefined. */
function forwardedMessage(r: ForwardedRequest, x: Exchange): Json | undefined {
  if (x.binding !== "jsonrpc" || x.verb !== "send" || !isObject(r.body) || !isObject(r.body.params))
    return undefined;
  const message = r.body.params.message;
  return isObject(message) ? message : undefined;
}

const PART_CONTENT = ["text", "raw", "url", "data"];

/**
 * Mends a sent message whose role is outside the enum or whose parts are no Part objects (on 1.0 also a part with
 * no content, a2a.proto Part's oneof), as an agent that reads leniently what it should refuse takes it: true when
 * it changed anything. The message's own spelling is kept (1.0 and 0.3's proto `ROLE_USER`, 0.3 JSON-RPC `user`;
 * parts under `parts`, or 0.3 proto's `content`).
 */
function mended(message: Json | undefined, x: Exchange): boolean {
  if (!message || !("messageId" in message)) return false;
  const key = Array.isArray(message.parts) ? "parts" : Array.isArray(message.content) ? "content" : undefined;
  const given = key ? (message[key] as unknown[]) : undefined;
  if (!key || !given) return false;
  const v10 = x.generation === "1.0";
  const proto = v10 || String(message.role).startsWith("ROLE_");
  const roles = proto ? ["ROLE_USER", "ROLE_AGENT"] : ["user", "agent"];
  const parts = given.filter((p): p is Json => isObject(p) && (!v10 || PART_CONTENT.some((k) => k in p)));
  if (roles.includes(String(message.role)) && parts.length === given.length && parts.length > 0) return false;
  message.role = roles[0];
  message[key] = parts.length > 0 ? parts : [proto ? { text: "Hello" } : { kind: "text", text: "Hello" }];
  return true;
}

/** Deviations in how malformed params and bodies are answered: accepted, crashed on, or refused with the wrong code. */
export const invalidInputMutations: Mutation[] = [
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
      const message = forwardedMessage(r, x);
      if (!message || (isObject(r.body) && r.body.method === "tasks/send")) return undefined;
      if ("messageId" in message || !("role" in message)) return undefined;
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
    request: (r, x) => (mended(forwardedMessage(r, x), x) ? r : undefined),
  },
  {
    id: "rest-invalid-message-accepted",
    violates: ["CORE-ERR-002"],
    bindings: ["HTTP+JSON"],
    what: "HTTP+JSON: a message:send whose message has a role outside the enum or parts that are no Part objects (on 1.0 a part with no content) is accepted: the agent takes what it can read instead of answering 400",
    clause:
      "A2A 1.0.1 §3.3.2 (Servers MUST validate all input parameters; 'missing required message parts'), a2a.proto Part (content is one of text, raw, url, data); 0.3 §10.2",
    check: "errors.rest-invalid-input",
    request: (r, x) => {
      if (x.binding !== "rest" || x.verb !== "send" || !isObject(r.body) || !isObject(r.body.message))
        return undefined;
      return mended(r.body.message, x) ? r : undefined;
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
