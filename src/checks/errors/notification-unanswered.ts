import { randomUUID } from "node:crypto";
import { methodName } from "../../client/methods.js";
import { isObject } from "../../model/json.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeRaw, errorCodeOf, postRaw, responsesIn } from "../support/raw-jsonrpc.js";
import { sendParams } from "../../client/jsonrpc-params.js";
import { takenPartForm } from "../support/taken-part-form.js";
import type { CheckContext } from "../types.js";

export default defineCheck({
  id: "errors.notification-unanswered",
  title: "A request without an id (a notification) gets no JSON-RPC reply",
  category: "errors",
  level: "MUST",
  requirement:
    'A JSON-RPC request without an "id" member is a notification: the agent does not answer it with a JSON-RPC Response, neither a result nor an error (-32600 Invalid Request included); an empty HTTP reply, or a web framework\'s own refusal that is no JSON-RPC Response, is none. 0.x says so in its own words (0.3 §6.11.1), 1.0 by adopting the standard JSON-RPC 2.0 format, which names no id as required of A2A requests (1.0.1 §9.3).',
  spec: "JSON-RPC 2.0 §4.1; A2A 0.3 §6.11.1 (id: if it is not included it is assumed to be a notification); 1.0.1 §9.3",
  quote: {
    spec: "JSON-RPC 2.0 §4.1; A2A 0.3 §6.11.1; 1.0.1 §9.3",
    text: 'A Notification is a Request object without an "id" member. … The Server MUST NOT reply to a Notification, including those that are within a batch request. … (0.3) id: … If it is not included it is assumed to be a notification. … (1.0.1) All JSON-RPC requests MUST follow the standard JSON-RPC 2.0 format.',
  },
  recommendation:
    'Carry out a request that has no "id" member (a notification) without replying to it: an empty HTTP 204, no JSON-RPC reply at all, not even an error.',
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
    if (!isResponse) {
      const streamed = await streamNotificationAnswered(ctx);
      if (streamed) return fail(streamed.message, [...reply.evidence, ...streamed.evidence]);
      return pass(
        `a ${method} notification got no JSON-RPC reply (HTTP ${reply.http.status})${streamed === undefined ? "" : "; nor did a streamed message sent as one"}`,
        reply.evidence,
      );
    }
    const code = errorCodeOf(json);
    if (ctx.generation !== "1.0")
      return fail(
        `a ${method} notification (no "id" member) was answered: ${describeRaw(reply)}; A2A ${ctx.generation} reads a request without an id as a notification (A2A ${ctx.generation} §6.11.1, the same words from 0.1 to 0.3), and JSON-RPC 2.0 §4.1 says the server MUST NOT reply to one, not even with an error`,
        reply.evidence,
      );
    // 1.0.1 §9.3 adopts the standard JSON-RPC 2.0 format and requires no id of a request, so an id-less one is
    // a notification there too. A standard error (-32600 "id required") is a reply all the same.
    const refused = code !== undefined && (code < -32099 || code > -32000);
    return fail(
      refused
        ? `a ${method} notification (no "id" member) was answered with the JSON-RPC error ${code}: ${describeRaw(reply)}; JSON-RPC 2.0 §4.1, whose format A2A 1.0.1 §9.3 adopts without requiring an id: the server MUST NOT reply to a notification, not even with an error`
        : `a ${method} notification (no "id" member) for a task that does not exist was carried out and answered: ${describeRaw(reply)}; JSON-RPC 2.0 §4.1: the server MUST NOT reply to a notification`,
      reply.evidence,
    );
  },
});

/**
 * A streamed message sent as a notification, when the card claims streaming: an event stream of JSON-RPC
 * responses is a reply all the same (seen at first sight: a full stream whose every event has "id": null, where a
 * tasks/get notification got 204). Undefined when not probed; null when the stream carried no response.
 */
async function streamNotificationAnswered(
  ctx: CheckContext,
): Promise<{ message: string; evidence: string[] } | null | undefined> {
  if (!ctx.validation.card.capabilities.streaming) return undefined;
  const method = methodName(ctx.generation, "stream");
  const params = sendParams(ctx.generation, { text: ctx.fixtures.message }, {}, await takenPartForm(ctx));
  const reply = await postRaw(ctx, JSON.stringify({ jsonrpc: "2.0", method, params }), "notification", {
    accept: "text/event-stream",
  });
  if (!reply.ok) return null;
  // A JSON-RPC response, or any event of a stream (a bare or foreign-shaped event is a reply all the same).
  const single = isObject(reply.json) && ("result" in reply.json || isObject(reply.json.error)) ? 1 : 0;
  const events = responsesIn(reply.http.body).length;
  if (single + events === 0) return null;
  const what = events > 0 ? `an event stream of ${events} event(s)` : "a JSON-RPC response";
  return {
    message: `a ${method} notification (no "id" member) was answered with ${what} (HTTP ${reply.http.status}, ${reply.http.contentType || "no content type"}); JSON-RPC 2.0 §4.1: the server MUST NOT reply to a notification (A2A ${ctx.generation}: ${ctx.generation === "1.0" ? "§9.3 adopts that format" : "§6.11.1"})`,
    evidence: reply.evidence,
  };
}
