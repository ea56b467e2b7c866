import { randomUUID } from "node:crypto";
import { methodName } from "../../client/methods.js";
import { isObject } from "../../model/json.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeRaw, errorCodeOf, postRaw } from "../support/raw-jsonrpc.js";

export default defineCheck({
  id: "errors.notification-unanswered",
  title: "A request without an id (a notification) gets no JSON-RPC reply",
  category: "errors",
  level: "MUST",
  requirement:
    'A JSON-RPC request without an "id" member is a notification: the agent does not answer it with a Response (an empty HTTP reply). A 1.0 agent may instead refuse it unread with a standard JSON-RPC error (-32600 Invalid Request), since 1.0 requests carry an id; a 0.x agent sends no reply at all (0.3 §6.11.1 reads an id-less request as a notification). Never carried out and answered (a result, or the method\'s own A2A error such as TaskNotFound).',
  spec: "JSON-RPC 2.0 §4.1; A2A 0.3 §6.11.1 (id: if it is not included it is assumed to be a notification); 1.0.1 §9.3",
  quote: {
    spec: "JSON-RPC 2.0 §4.1; A2A 0.3 §6.11.1; 1.0.1 §9.3",
    text: 'A Notification is a Request object without an "id" member. … The Server MUST NOT reply to a Notification, including those that are within a batch request. … (0.3) id: … If it is not included it is assumed to be a notification. … (1.0.1) All JSON-RPC requests MUST follow the standard JSON-RPC 2.0 format.',
  },
  allowed: [
    {
      behaviour: "A2A 1.0: a request without id refused unread with -32600 (Invalid Request)",
      clause:
        'A2A 1.0.1 §9.3: every A2A request carries an "id", so an agent may read one without it as no valid A2A request',
    },
  ],
  recommendation:
    'Answer a request that has no "id" member with an empty HTTP 204 and never run it. Only an A2A 1.0 agent may instead refuse it unread with -32600 (a 0.x agent sends no JSON-RPC reply at all, not even an error).',
  selfTest: [{ flaw: "notification-answered", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] }],
  scope: "transport",
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const method = methodName(ctx.generation, "get");
    const body = JSON.stringify({
      jsonrpc: "2.0",
      method,
      params: { id: `plainwright-missing-${randomUUID()}` },
    });
    const reply = await postRaw(ctx, body, "notification");
    if (!reply.ok) return skip(`the notification got no HTTP reply at all: ${reply.error.message}`);
    const json = reply.json;
    // An object with a result or an error object is a reply, whether or not it says "jsonrpc": "2.0"; a web
    // framework's own refusal ({"statusCode": 400, "error": "Bad Request"}, seen at first sight) is none.
    const isResponse = isObject(json) && ("result" in json || isObject(json.error) || "jsonrpc" in json);
    if (!isResponse)
      return pass(
        `a ${method} notification got no JSON-RPC reply (HTTP ${reply.http.status})`,
        reply.evidence,
      );
    const code = errorCodeOf(json);
    // 1.0.1 §9.3 makes the id part of every A2A request, so a 1.0 agent may refuse one without it unread.
    // 0.x says the opposite (0.3 §6.11.1: an id-less request "is assumed to be a notification"), so there
    // JSON-RPC 2.0 §4.1 holds in full: no reply at all, not even an error.
    if (ctx.generation === "1.0" && code !== undefined && (code < -32099 || code > -32000))
      return pass(
        `a ${method} notification was refused unread with ${code} (A2A requests carry an id, 1.0.1 §9.3)`,
        reply.evidence,
      );
    if (ctx.generation !== "1.0")
      return fail(
        `a ${method} notification (no "id" member) was answered: ${describeRaw(reply)}; A2A ${ctx.generation} reads a request without an id as a notification (A2A ${ctx.generation} §6.11.1, the same words from 0.1 to 0.3), and JSON-RPC 2.0 §4.1 says the server MUST NOT reply to one, not even with an error`,
        reply.evidence,
      );
    return fail(
      `a ${method} notification (no "id" member) for a task that does not exist was carried out and answered: ${describeRaw(reply)}; JSON-RPC 2.0 §4.1: the server MUST NOT reply to a notification`,
      reply.evidence,
    );
  },
});
