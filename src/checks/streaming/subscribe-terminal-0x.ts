import { noFinishedTask } from "../support/own-task.js";
import { terminalStates } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { resubscribeUnserved, resubscribeUnservedAllowed } from "../support/resubscribe-unserved.js";
import { graceAfterFinalMs, watchStream } from "../support/stream-watch.js";

export default defineCheck({
  id: "streaming.subscribe-terminal-0x",
  title: "Resubscribing to a finished task is answered (A2A 0.x)",
  category: "streaming",
  level: "MUST",
  requirement:
    '0.x: tasks/resubscribe on a task in a terminal state gets an answer: an error (as the response, or as an event of the stream), or the task\'s events (its final state). A stream that closes with neither an event nor an error leaves the request without any JSON-RPC response. Which answer is due 0.x does not say ("Failures can occur if the task is no longer active"), so any answer passes; 1.0 requires UnsupportedOperation (streaming.subscribe-terminal).',
  spec: "JSON-RPC 2.0 §5 (the Server MUST reply with a Response); A2A 0.3 §7.9 tasks/resubscribe, §7.2.1 (a stream's events are JSON-RPC responses, an error among them); 0.2.5 §7.9",
  quote: {
    spec: "JSON-RPC 2.0 §5; A2A 0.3 §3.2.1",
    text: "When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications. … A2A 0.3 §3.2.1: JSON-RPC 2.0 … MUST be used as the message format",
  },
  recommendation:
    "Answer a resubscription to a finished task: the JSON-RPC error (TaskNotFound or UnsupportedOperation, as the response before the stream), or the task's final status as the stream's one event before closing it.",
  selfTest: [{ flaw: "finished-resubscribe-silent", protocols: ["0.3"], bindings: ["JSONRPC"] }],
  allowed: [resubscribeUnservedAllowed],
  scope: "transport",
  judgesTasks: true,
  needs: ["streaming"],
  generations: ["0.2", "0.3"],
  run: async (ctx) => {
    const task = await ctx.fixtures.finishedTask();
    if (!task.ok) return skip(`no finished task to resubscribe to: ${task.reason}`);
    if (!terminalStates.has(task.value.state)) return noFinishedTask(task.value.state);
    const { id, state } = task.value;
    const watched = await watchStream((onEvent) => ctx.client.subscribe(id, onEvent), {
      graceMs: graceAfterFinalMs(ctx.timeoutMs),
      stopAt: () => true,
    });
    const stream = watched.outcome;
    const evidence = [...task.evidence, ...(stream?.trafficIds ?? [])];
    const what = `resubscribing to ${state} task ${id}`;
    const failure = stream?.failure;
    if (failure?.kind === "error") {
      // Read leniently: the answer any unknown method gets means the method is not served at all.
      const unserved = await resubscribeUnserved(ctx, id, evidence);
      if (unserved) return unserved;
      return pass(`${what} was answered: ${describeFailure(failure)}`, evidence);
    }
    if (failure) return skip(`${what}: ${describeFailure(failure)}`);
    if (watched.events.length > 0 || (stream?.errors.length ?? 0) > 0)
      return pass(`${what} was answered in the stream`, evidence);
    // A stream still open when the watch gave up may yet answer: only one that closed empty is judged.
    if (stream?.end.reason !== "closed" || stream.invalidEvents.length > 0)
      return skip(`${what} opened a stream that sent nothing readable before Plainwright stopped watching`);
    return fail(
      `${what} got an event stream that closed with no event and no error: the request got no response at all`,
      evidence,
    );
  },
});
