import type { CheckContext } from "../types.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { graceAfterFinalMs, watchStream } from "../support/stream-watch.js";

export default defineCheck({
  id: "streaming.content-type",
  title: "A message stream is served as text/event-stream",
  category: "streaming",
  level: "SHOULD",
  levelReason:
    "The bindings describe the SSE framing (text/event-stream) without a MUST keyword; a stream a client cannot read also fails streaming.final-event at MUST.",
  requirement:
    "The streaming method answers HTTP 200 with Content-Type text/event-stream, one `data:` line per event (Server-Sent Events).",
  spec: "A2A 0.3 §7.2 message/stream; 1.0 §3.1.2 SendStreamingMessage",
  tck: ["JSONRPC-SSE-001", "HTTP_JSON-SSE-001"],
  recommendation:
    "Send streams with `Content-Type: text/event-stream` (and `Cache-Control: no-cache`); keep application/json for errors raised before the stream starts.",
  selfTest: [
    {
      flaw: "stream-wrong-content-type",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["JSONRPC-SSE-001"],
    },
  ],
  scope: "transport",
  needs: ["streaming"],
  bindings: ["JSONRPC", "HTTP+JSON"],
  run: async (ctx) => {
    // One event is enough to see the response headers; the rest of the stream is not this check's concern.
    const watched = await watchStream(
      (onEvent) => ctx.client.stream({ text: ctx.fixtures.message }, onEvent),
      {
        graceMs: graceAfterFinalMs(ctx.timeoutMs),
        stopAt: () => true,
      },
    );
    const stream = watched.outcome;
    if (!stream) return fail("the stream could not be read");
    if (stream.failure?.kind === "error")
      return skip(
        `the agent refused the stream with an error (${describeFailure(stream.failure)}); streaming.first-event reports it`,
      );
    // One JSON result where a stream was due is no stream at all: first-event's finding (MUST), said once.
    // A body in SSE frames that no event could be read from (a stray byte before each JSON, seen in the lab) is a
    // stream all the same: its missing media type stays this check's finding.
    if (
      stream.failure?.kind === "invalid" &&
      stream.events.length === 0 &&
      !sseFramed(ctx, stream.trafficIds)
    )
      return skip(`${stream.failure.reason}; streaming.first-event reports it`);
    if (stream.failure?.kind === "unreachable")
      return fail(`the stream request failed: ${describeFailure(stream.failure)}`, stream.trafficIds);
    if (stream.contentType !== "text/event-stream")
      return fail(
        `the stream came as ${stream.contentType || "a response without Content-Type"}, not text/event-stream`,
        stream.trafficIds,
      );
    return pass("the stream is served as text/event-stream", stream.trafficIds);
  },
});

/** Whether the recorded response body starts as server-sent events do (a field line or a comment). */
function sseFramed(ctx: CheckContext, trafficIds: readonly string[]): boolean {
  return trafficIds.some((id) => {
    const body = ctx.clientContext.traffic.find(id)?.response_body ?? "";
    return /^\s*(data|event|id|retry)?:/.test(body);
  });
}
