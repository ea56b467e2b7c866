import { randomUUID } from "node:crypto";
import { defineCheck, fail, pass, skip } from "../define.js";
import { errorCodeOf, postRaw, responsesIn } from "../support/raw-jsonrpc.js";
import { jsonRpcCodes } from "../../protocol/error-codes.js";

export default defineCheck({
  id: "streaming.refusal-status-0x",
  title: "A refused tasks/sendSubscribe is answered with an HTTP error status (A2A 0.1)",
  category: "streaming",
  level: "SHOULD",
  levelReason:
    'A2A 0.1 §7.2 gives the "Response (on initial subscription failure)" as "Standard HTTP error code (e.g., 4xx, 5xx)" without a keyword; 0.2 and later name no HTTP status for a refused stream.',
  requirement:
    "A tasks/sendSubscribe the server refuses before it streams (params with neither a task id nor a message) is answered with an HTTP 4xx or 5xx status, its body a JSON-RPC error if any; not HTTP 200, and not an event stream that closes with nothing in it.",
  spec: "A2A 0.1 §7.2 tasks/sendSubscribe (Response on initial subscription failure)",
  quote: {
    spec: "A2A 0.1 §7.2",
    text: "Response (on initial subscription failure): Standard HTTP error code (e.g., 4xx, 5xx). The HTTP body MAY contain a standard `JSONRPCResponse` with an `error` object detailing the failure.",
  },
  recommendation:
    "Validate tasks/sendSubscribe's params before opening the stream, and refuse bad ones with HTTP 400 and a JSON-RPC error body.",
  noSelfTest:
    "failed by the hand-written agents of refusal-status-0x.test.ts; the lab's one 0.1 agent already fails it (its refused subscription is an empty event stream), so no mutation is proven on it",
  scope: "transport",
  needs: ["streaming"],
  bindings: ["JSONRPC"],
  generations: ["0.1"],
  run: async (ctx) => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: randomUUID(),
      method: "tasks/sendSubscribe",
      params: {},
    });
    const reply = await postRaw(ctx, body, "refused subscription", { accept: "text/event-stream" });
    const what = "tasks/sendSubscribe with params that name no task and carry no message";
    if (!reply.ok) return skip(`${what} got no answer: ${reply.error.message}`);
    const { status, contentType } = reply.http;
    if (status >= 400) return pass(`${what} was refused with HTTP ${status}`, reply.evidence);
    const streamed = /^text\/event-stream\b/i.test(contentType.trim());
    const events = streamed ? responsesIn(reply.http.body) : [];
    if (events.some((e) => "result" in e))
      return skip(`${what} was taken: its stream carries events (nothing refused to judge)`);
    // The answer an unknown method gets: the method is not served at all, which is not a refused subscription
    // (streaming.first-event reports a claimed stream that is not served; one defect, one finding).
    if (!streamed && errorCodeOf(reply.json) === jsonRpcCodes.methodNotFound)
      return skip(
        `${what} was answered MethodNotFound (-32601): tasks/sendSubscribe is not served, which streaming.first-event reports`,
      );
    if (!streamed && errorCodeOf(reply.json) === undefined)
      return skip(`${what} was answered HTTP ${status} without a JSON-RPC error (nothing refused to judge)`);
    const how = !streamed
      ? "a JSON-RPC error"
      : events.length > 0
        ? "its error inside an event stream"
        : "an event stream that closed with nothing in it";
    return fail(
      `${what} was refused with HTTP ${status} and ${how}; A2A 0.1 §7.2 answers a failed subscription with a standard HTTP error code (4xx, 5xx)`,
      reply.evidence,
    );
  },
});
