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
    'A JSON-RPC request without an "id" member is a notification: the agent does not answer it with a Response (an empty HTTP reply), or refuses it unread with a JSON-RPC error (-32600 Invalid Request), since A2A requests carry an id; it never carries it out and replies (a result, or the method\'s own A2A error such as TaskNotFound).',
  spec: "JSON-RPC 2.0 §4.1; A2A 0.3 §6.11 (JSONRPCRequest.id: omitted if it is a notification); 1.0.1 §9.3",
  quote: {
    spec: "JSON-RPC 2.0 §4.1; A2A 1.0.1 §9.3",
    text: 'A Notification is a Request object without an "id" member. … The Server MUST NOT reply to a Notification, including those that are within a batch request. … All JSON-RPC requests MUST follow the standard JSON-RPC 2.0 format.',
  },
  allowed: [
    {
      behaviour: "a request without id refused unread with -32600 (Invalid Request)",
      clause:
        'A2A 1.0.1 §9.3: every A2A request carries an "id", so an agent may read one without it as no valid A2A request',
    },
  ],
  recommendation:
    'Answer a request that has no "id" member with an empty HTTP 204 (or refuse it with -32600 before routing); never run it and send its result or error back.',
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
    const isResponse = isObject(json) && json.jsonrpc === "2.0" && ("result" in json || "error" in json);
    if (!isResponse)
      return pass(
        `a ${method} notification got no JSON-RPC reply (HTTP ${reply.http.status})`,
        reply.evidence,
      );
    // A result, or the method's own A2A error (-32000 to -32099: the task was looked up), shows the call was
    // carried out. A JSON-RPC envelope error refuses it unread; which code it should be is errors.invalid-request's.
    const code = errorCodeOf(json);
    if (code !== undefined && (code < -32099 || code > -32000))
      return pass(
        `a ${method} notification was refused unread with ${code} (A2A requests carry an id, 1.0.1 §9.3)`,
        reply.evidence,
      );
    return fail(
      `a ${method} notification (no "id" member) for a task that does not exist was carried out and answered: ${describeRaw(reply)}; JSON-RPC 2.0 §4.1: the server MUST NOT reply to a notification`,
      reply.evidence,
    );
  },
});
