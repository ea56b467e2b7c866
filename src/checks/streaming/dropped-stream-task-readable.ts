import type { A2AClient } from "../../client/types.js";
import { activeStates } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../fixtures.js";
import type { CheckVerdict } from "../types.js";
import { graceAfterFinalMs, taskIdOf, watchStream } from "../support/stream-watch.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the task right after the drop and again with backoff, since the server notices the drop a moment later. */
async function readAfterDrop(client: A2AClient, id: string, streamEvidence: string[]): Promise<CheckVerdict> {
  const evidence = [...streamEvidence];
  let state = "";
  for (const delay of [0, 50, 100, 200]) {
    await sleep(delay);
    const got = await client.getTask(id);
    evidence.push(...got.trafficIds);
    if (!got.ok)
      return fail(
        `after the stream was dropped, reading task ${id} failed: ${describeFailure(got)}`,
        evidence,
      );
    state = got.value.state;
    if (!activeStates.has(got.value.state)) break;
  }
  return pass(`task ${id} stays readable after its stream was dropped (${state})`, evidence);
}

export default defineCheck({
  id: "streaming.dropped-stream-task-readable",
  title: "A task stays readable after its stream is dropped",
  category: "streaming",
  level: "MUST",
  requirement:
    "When a client drops a message stream early, the task lives on: tasks/get (GetTask) still returns it, and closing one stream does not affect the task.",
  spec: "A2A 0.3 §7.2, §7.3; 1.0 §3.1.2 (closing a stream MUST NOT affect others), §3.1.3",
  tck: ["STREAM-ORDER-004"],
  quote: {
    spec: "A2A 1.0 §3.5.2",
    text: "Closing one stream MUST NOT affect other active streams for the same task",
  },
  recommendation:
    "Decouple task execution from the HTTP connection: keep the task in the store and keep working when a stream's client disconnects.",
  selfTest: [{ flaw: "dropped-stream-loses-task", protocols: ["1.0"], bindings: ["JSONRPC"] }],
  scope: "transport",
  needs: ["streaming"],
  run: async (ctx) => {
    // The message that kept the agent busy longest: the stream is dropped while its task still works.
    const slow = ctx.hints.slow ?? (await ctx.fixtures.runningMessages())[0] ?? ctx.fixtures.message;
    // Stop reading at the first event that names the task: the client drops the connection there.
    const watched = await watchStream((onEvent) => ctx.client.stream({ text: slow }, onEvent), {
      graceMs: graceAfterFinalMs(ctx.timeoutMs),
      stopAt: (event) => taskIdOf(event) !== undefined || event.kind === "message",
    });
    const streamEvidence = watched.outcome?.trafficIds ?? [];
    if (watched.outcome?.failure)
      return skip(
        `the stream was refused (${describeFailure(watched.outcome.failure)}); streaming.final-event reports it`,
      );
    const first = watched.events.at(-1);
    const id = first ? taskIdOf(first) : undefined;
    if (!first || first.kind === "message" || !id)
      return skip(
        `the stream of "${slow}" named no task (a Message, or no event), so there is no task to read`,
      );
    return readAfterDrop(ctx.client, id, streamEvidence);
  },
});
