import type { ProtocolGeneration } from "../../model/generation.js";
import type { Reply } from "../../protocol/model.js";
import { refusedInStream } from "../support/stream-evidence.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { eventCount } from "../support/stream-evidence.js";
import { graceAfterFinalMs, watchStream } from "../support/stream-watch.js";
import { silentWhileWorking } from "../support/silent-stream.js";

/**
 * Why a stream the agent answered with a Message breaks the Message-only pattern, or undefined. 1.0.1 §3.1.2:
 * "If the agent returns a Message, the stream MUST contain exactly one Message object and then close
 * immediately." 0.3 §7.2 lets any event of a stream be a Message, so only 1.0 is judged.
 */
function messageStreamProblem(events: readonly Reply[], generation: ProtocolGeneration): string | undefined {
  if (generation !== "1.0" || events[0]?.kind !== "message" || events.length === 1) return undefined;
  const after = events.slice(1).map((e) => e.kind);
  return `the stream opened with a Message, then carried ${after.length} more event(s) (${after.join(", ")}); a stream answered with a Message carries that one Message and closes`;
}

export default defineCheck({
  id: "streaming.stream-ends",
  title: "The server closes a stream after its final event",
  category: "streaming",
  level: "MUST",
  requirement:
    "After the final event (final:true in 0.x, a terminal state or a Message in 1.0) the server closes the stream; closing is what marks the end in 1.0. A 1.0 stream that opens with a Message carries nothing after it.",
  spec: "A2A 0.3 §7.2 (final ends the stream); 1.0 §3.1.2, §11.7",
  tck: ["CORE-STREAM-003", "CORE-STREAM-002"],
  quote: {
    spec: "A2A 1.0 §3.1.2",
    text: "If the agent returns a `Message`, the stream MUST contain exactly one `Message` object and then close immediately. […] The stream MUST close when the task reaches a terminal state (`TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`, `TASK_STATE_CANCELED`, `TASK_STATE_REJECTED`).",
  },
  recommendation:
    "End the HTTP response (or the gRPC call) as soon as the final event is written; do not keep the connection open waiting for more.",
  selfTest: [
    {
      flaw: "stream-never-ends",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-STREAM-003"],
    },
  ],
  scope: "transport",
  needs: ["streaming"],
  run: async (ctx) => {
    const graceMs = graceAfterFinalMs(ctx.timeoutMs);
    const watched = await watchStream(
      (onEvent) => ctx.client.stream({ text: ctx.fixtures.message }, onEvent),
      {
        graceMs,
      },
    );
    const afterMessage = watched.outcome?.failure
      ? undefined
      : messageStreamProblem(watched.events, ctx.generation);
    if (afterMessage) return fail(afterMessage, watched.outcome?.trafficIds);
    if (watched.openAfterFinalMs !== undefined)
      return fail(`the stream was still open ${watched.openAfterFinalMs} ms after its final event`);
    const stream = watched.outcome;
    if (!stream) return fail("the stream could not be read");
    if (stream.failure)
      return skip(
        `the stream was refused (${describeFailure(stream.failure)}); streaming.first-event reports it`,
      );
    // A stream whose one content is a refusal has no end of a task to judge (seen at first sight: a pass
    // "closed after 0 events" on a refused message): streaming.first-event reports the refusal.
    const refused = refusedInStream(stream);
    if (refused) return skip(`${refused}; streaming.first-event reports it`);
    const { end } = stream;
    if (end.reason === "closed") return pass(`closed after ${eventCount(stream)}`, stream.trafficIds);
    const working =
      end.reason === "idle-timeout" ? await silentWhileWorking(ctx.client, watched.events) : undefined;
    if (working) return { ...skip(working), evidence: stream.trafficIds };
    // No final event came before the silence (one would have been watched for the grace above): a stream that
    // never reaches its end is streaming.final-event's finding, said once (seen at first sight: both failed).
    if (end.reason === "idle-timeout")
      return {
        ...skip(
          `the stream neither ended nor sent a final event (${end.message ?? "silent"}): streaming.final-event reports it`,
        ),
        evidence: stream.trafficIds,
      };
    return fail(
      `the stream ended abnormally (${end.reason}${end.message ? `: ${end.message}` : ""})`,
      stream.trafficIds,
    );
  },
});
