import { randomUUID } from "node:crypto";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { methodName } from "../../client/methods.js";
import { sendParams } from "../../client/jsonrpc-params.js";
import { settledWithin } from "../support/time-box.js";
import { takenPartForm } from "../support/taken-part-form.js";
import type { CheckContext, CheckVerdict } from "../types.js";

export default defineCheck({
  id: "streaming.refusal-answered",
  title: "A streamed message the agent does not run still gets an answer",
  category: "streaming",
  level: "MUST",
  requirement:
    "message/stream (SendStreamingMessage) of a message naming a task the server never issued, and (JSON-RPC) of a message whose parts are [null], is answered: refused with an error (as the response, or as an event of the stream), or accepted with the events of a task. A stream that closes with neither events nor an error, or a connection closed with no response, leaves the request unanswered. Which answer is due is lifecycle.unknown-task-message's and errors.invalid-params' to judge.",
  spec: "JSON-RPC 2.0 §5 (the Server MUST reply with a Response); A2A 0.3 §7.2, §7.2.1 (a stream's events are JSON-RPC responses, an error among them); 1.0.1 §3.1.2, §9.4",
  quote: {
    spec: "JSON-RPC 2.0 §5; A2A 0.3 §3.2.1",
    text: "When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications. … A2A 0.3 §3.2.1: JSON-RPC 2.0 … MUST be used as the message format",
  },
  recommendation:
    "When a streamed message is refused (an unknown task, a finished one, parts you do not take), send the error: as the JSON-RPC response before the stream starts, or as the stream's one event, and close it after that.",
  selfTest: [{ flaw: "stream-refusal-silent", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] }],
  scope: "transport",
  needs: ["streaming"],
  run: async (ctx) => {
    const unknownTask = await unknownTaskAnswered(ctx);
    if (unknownTask.status !== "pass") return unknownTask;
    const malformed = await malformedAnswered(ctx);
    if (!malformed) return unknownTask;
    if (malformed.status !== "pass") return malformed;
    return pass(`${unknownTask.message}; ${malformed.message}`, [
      ...(unknownTask.evidence ?? []),
      ...(malformed.evidence ?? []),
    ]);
  },
});

/**
 * A streamed message whose parts are [null], which no reader can take (0.3 §10.2: servers MUST validate the
 * structure of Message parts): refused as an error, or taken, but answered (seen at first sight: a bridge
 * closed the connection on it without a response). JSON-RPC only; undefined where there is no raw call.
 */
async function malformedAnswered(ctx: CheckContext): Promise<CheckVerdict | undefined> {
  if (!ctx.rpc) return undefined;
  const method = methodName(ctx.generation, "stream");
  const params = sendParams(ctx.generation, { text: "Hello" }, {}, await takenPartForm(ctx));
  const message = { ...(params.message as Record<string, unknown>), parts: [null] };
  const outcome = await ctx.rpc(method, { ...params, message });
  const what = `${method} of a message whose parts are [null]`;
  const evidence = outcome.kind !== "unreachable" && outcome.http.trafficId ? [outcome.http.trafficId] : [];
  // Closed with no response at all; a stream that stays silent until the timeout is another matter (a slow agent).
  if (outcome.kind === "unreachable")
    return outcome.error.rule === "connect"
      ? fail(`${what} got no answer: ${outcome.error.message}`, evidence)
      : skip(`${what}: ${outcome.error.message}`);
  if (outcome.kind === "stream" && outcome.results.length === 0 && outcome.errors.length === 0)
    return outcome.invalid.length > 0
      ? undefined
      : fail(
          `${what} got an event stream that closed with no event and no error: no answer at all`,
          evidence,
        );
  return pass(`${what} was answered`, evidence);
}

/** message/stream naming a task the server never issued: refused or taken, but answered. */
async function unknownTaskAnswered(ctx: CheckContext): Promise<CheckVerdict> {
  const missing = `plainwright-missing-${randomUUID()}`;
  const stream = await ctx.client.stream({ text: ctx.fixtures.message, taskId: missing });
  const what = `${methodName(ctx.generation, "stream")} naming the never-issued task ${missing}`;
  if (stream.failure?.kind === "unsupported") return skip(describeFailure(stream.failure));
  if (stream.failure) {
    if (stream.failure.kind === "error" || stream.failure.kind === "invalid")
      return pass(`${what} was answered: ${describeFailure(stream.failure)}`, stream.trafficIds);
    return fail(`${what}: ${describeFailure(stream.failure)}`, stream.trafficIds);
  }
  if (stream.errors.length > 0)
    return pass(`${what} was refused in the stream (${stream.errors[0]?.code})`, stream.trafficIds);
  if (stream.events.length > 0)
    return pass(
      `${what} was answered, taken as a task (${stream.events.length} event(s)); whether it should have been refused is lifecycle.unknown-task-message's to judge`,
      stream.trafficIds,
    );
  // Only unreadable events (seen at first sight: data: {"error": "Task not found"}, no JSON-RPC envelope):
  // no client can read a refusal or a task out of them, so the request is left without an answer.
  if (stream.invalidEvents.length > 0) {
    // One defect, one failure: when the agent's ordinary stream is unreadable too, that is
    // streaming.events-well-formed's finding, not a refusal left unanswered.
    // Only its first readable event is wanted, within a bound: the refused stream may already have idled
    // the whole timeout (seen at first sight: a stream never closed, the check cut off by its time box).
    if (!(await ordinaryStreamReadable(ctx)))
      return skip(
        `${what} got only unreadable events, and so does an ordinary message: streaming.events-well-formed reports it`,
      );
  }
  if (stream.invalidEvents.length > 0)
    return fail(
      `${what} got only events that are neither JSON-RPC errors nor A2A events (${stream.invalidEvents.length}, e.g. ${stream.invalidEvents[0]}): no client can read the answer`,
      stream.trafficIds,
    );
  return fail(
    `${what} got an event stream that closed with no event and no error: no answer at all`,
    stream.trafficIds,
  );
}

/**
 * Whether a stream of the ordinary message brings a readable A2A event within an eighth of the timeout (10 s
 * at most); the stream is left to end by itself. Not in time reads as not readable: the check then skips.
 */
async function ordinaryStreamReadable(ctx: CheckContext): Promise<boolean> {
  const readable = new Promise<boolean>((resolve) => {
    void ctx.client
      // An event read only past a stray byte before its JSON, or without its envelope, is no readable one:
      // framing is streaming.events-well-formed's finding, as the recorded events say once the stream ends.
      .stream({ text: ctx.fixtures.message }, (_event, _raw, unframed, stray) => {
        if (unframed === undefined && !stray) resolve(true);
      })
      .then((ordinary) => resolve(ordinary.events.length > 0));
  });
  return (await settledWithin(readable, Math.min(ctx.timeoutMs / 8, 10_000))) ?? false;
}
