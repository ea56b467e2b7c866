import { performance } from "node:perf_hooks";
import { terminalStates } from "../../protocol/model.js";
import { describeFailure } from "../../client/describe-failure.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** How long a surveyed task must take for a stream of it to show whether feedback came before the end. */
const SLOW_ENOUGH_MS = 2000;
/** A stream whose last event came sooner than this after the request shows nothing either way. */
const LONG_STREAM_MS = 1500;
/** The share of the stream's time after which a first event is no longer feedback on progress but the end. */
const LATE_SHARE = 0.8;

/** The message that keeps the agent busy: the `slow` hint, else the slowest surveyed one that took 2 s or more. */
async function slowMessage(ctx: CheckContext): Promise<string | undefined> {
  if (ctx.hints.slow) return ctx.hints.slow;
  const slow = (await ctx.fixtures.survey())
    .filter((p) => p.ended !== "message" && terminalStates.has(p.ended) && p.ms >= SLOW_ENOUGH_MS)
    .sort((a, b) => b.ms - a.ms)[0];
  return slow?.text;
}

/**
 * The stream of a message that keeps the agent busy: its first event must come while the work goes on, not with
 * its end. Timed by the suite itself as each event arrives, on every binding.
 */
async function judgeFeedback(ctx: CheckContext): Promise<CheckVerdict> {
  const text = await slowMessage(ctx);
  if (!text)
    return notApplicable(
      `no message kept the agent busy ${SLOW_ENOUGH_MS / 1000} s: a quick task's stream shows nothing of feedback while it works (pass --hint slow="...")`,
    );
  const started = performance.now();
  const arrivals: number[] = [];
  let firstKind = "";
  const stream = await ctx.client.stream({ text }, (event) => {
    if (arrivals.length === 0) firstKind = event.kind;
    arrivals.push(performance.now() - started);
  });
  const evidence = stream.trafficIds;
  if (stream.failure)
    return skip(
      `the stream was refused (${describeFailure(stream.failure)}); streaming.first-event reports it`,
    );
  const first = arrivals[0];
  const last = arrivals.at(-1);
  if (first === undefined || last === undefined)
    return skip("the stream carried no event: streaming.final-event reports it");
  // 1.0.1 §3.1.2 lets a stream be a single Message: it comes whole, with no task to report on.
  if (firstKind === "message") return notApplicable("the agent answered the stream with a Message");
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  if (last < LONG_STREAM_MS)
    return pass(`the stream ended within ${seconds(last)}: nothing to wait for`, evidence);
  if (first >= LATE_SHARE * last)
    return fail(
      `the stream of a message that kept the agent busy sent its first event after ${seconds(first)}, its last after ${seconds(last)}: no feedback while the task worked`,
      evidence,
    );
  return pass(
    `the stream's first event came after ${seconds(first)}, its last after ${seconds(last)} (${arrivals.length} events)`,
    evidence,
  );
}

export default defineCheck({
  id: "streaming.immediate-feedback",
  title: "A message stream reports the task while it works, not only at its end",
  category: "streaming",
  level: "MUST",
  requirement:
    "SendStreamingMessage of a message that keeps the agent busy (the slow hint, or a surveyed message whose task took 2 s or more) sends its first event (the Task) while the work goes on: not after four fifths of the time the stream took to its last event. A single-Message stream is not judged.",
  spec: "A2A 1.0.1 §3.1.2 (Send Streaming Message)",
  quote: {
    spec: "A2A 1.0.1 §3.1.2",
    text: "The implementation MUST provide immediate feedback on progress and intermediate results.",
  },
  recommendation:
    "Write the Task to the stream as soon as it is created, then each status and artifact update as it happens; do not hold the response until the work is done.",
  noSelfTest:
    "The reference agent streams as it works; the mutation stream-held-until-final plays the deviation on every agent, and src/checks/streaming/immediate-feedback.test.ts on hand-written agents.",
  scope: "transport",
  needs: ["streaming"],
  generations: ["1.0"],
  run: judgeFeedback,
});
