import { defineCheck, fail, pass, skip } from "../define.js";
import { missingTaskGetRequest, postRaw, type RawReply } from "../support/raw-jsonrpc.js";

/** What a client that takes both a JSON reply and an event stream sends (the SDKs' streaming clients do). */
const BOTH = "application/json, text/event-stream";

const isEventStream = (reply: RawReply): boolean =>
  reply.ok && /^text\/event-stream\b/i.test(reply.http.contentType.trim());

export default defineCheck({
  id: "transport.calls-answer-json",
  title: "A method that is no stream is answered with one JSON response, whatever else Accept lists",
  category: "transport",
  level: "MUST",
  requirement:
    "A non-streaming JSON-RPC method (tasks/get) is answered with a JSON-RPC Response object as application/json also when the request's Accept lists text/event-stream beside application/json: only the streaming methods answer with an event stream.",
  spec: "A2A 0.3 §7 (0.1, 0.2 likewise): the response body of a method that is not a stream is a JSONRPCResponse",
  quote: {
    spec: "A2A 0.3 §7",
    text: "The A2A Server's HTTP response body MUST be a `JSONRPCResponse` object (or, for streaming methods, an SSE stream where each event's data is a `JSONRPCResponse`). The `Content-Type` for JSON-RPC responses is `application/json`.",
  },
  recommendation:
    "Choose the reply's form by the method (message/stream and tasks/resubscribe stream, the others answer one JSON response), never by the Accept header alone.",
  noSelfTest:
    "failed by the hand-written agent of calls-answer-json.test.ts and, on every lab agent, by the mutation calls-streamed-when-streams-accepted",
  scope: "transport",
  bindings: ["JSONRPC"],
  generations: ["0.1", "0.2", "0.3"],
  run: async (ctx) => {
    const control = await postRaw(ctx, missingTaskGetRequest(ctx).body, "call answered as JSON");
    const probe = missingTaskGetRequest(ctx);
    const both = await postRaw(ctx, probe.body, "call answered as JSON", { accept: BOTH });
    const evidence = [...control.evidence, ...both.evidence];
    if (!control.ok) return skip(`${probe.what} got no answer: ${control.error.message}`);
    if (!both.ok) return skip(`${probe.what} got no answer: ${both.error.message}`);
    // A get answered as a stream whatever the client accepts is the reply format's defect, judged where a
    // client asks for JSON alone (lifecycle.get-task); here only the Accept header's part.
    if (isEventStream(control))
      return skip(`${probe.what} is answered as an event stream even to Accept: application/json`);
    if (isEventStream(both))
      return fail(
        `${probe.what} with "Accept: ${BOTH}" was answered as an event stream (HTTP ${both.http.status}, ${both.http.contentType}); with Accept: application/json alone it is one JSON response`,
        evidence,
      );
    return pass(
      `${probe.what} is answered with one JSON response also when the client accepts event streams`,
      evidence,
    );
  },
});
