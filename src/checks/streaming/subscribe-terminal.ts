import { noFinishedTask } from "../support/own-task.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { terminalStates } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { graceAfterFinalMs, watchStream } from "../support/stream-watch.js";
import { resubscribeUnserved } from "../support/resubscribe-unserved.js";

export default defineCheck({
  id: "streaming.subscribe-terminal",
  title: "Subscribing to a finished task is refused with UnsupportedOperation",
  category: "streaming",
  level: "MUST",
  requirement:
    "1.0: SubscribeToTask on a task in a terminal state returns UnsupportedOperation (-32004), as the response itself or as the one error event of a stream (1.0.1 §9.4.2 frames SSE events as JSON-RPC Responses), never a stream of the task. (0.x leaves resubscribing to a finished task implementation-defined, so the check applies to 1.0 only.) A method not served at all is streaming.subscribe-running's finding.",
  spec: "A2A 1.0 §3.1.6 SubscribeToTask",
  tck: ["STREAM-SUB-003"],
  quote: {
    spec: "A2A 1.0.1 §3.3.2, §3.1.6",
    text: "Servers MUST return appropriate errors … UnsupportedOperationError: The operation is attempted on a task that is in a terminal state (`TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`, `TASK_STATE_CANCELED`, `TASK_STATE_REJECTED`).",
  },
  recommendation:
    "Before opening the stream, look the task up; if it is terminal answer UnsupportedOperationError (-32004) as the JSON-RPC response itself (HTTP 400 over REST, FAILED_PRECONDITION over gRPC).",
  selfTest: [{ flaw: "duplicate-task-ids", protocols: ["1.0"], bindings: ["JSONRPC"] }],
  allowed: [
    {
      behaviour: "the refusal comes as the one error event of an event stream, not as the response itself",
      clause: "A2A 1.0.1 §9.4.2: each SSE event is a JSON-RPC Response, an error one included",
      variant: "subscribe-refusals-in-stream",
    },
  ],
  scope: "transport",
  judgesTasks: true,
  needs: ["streaming"],
  generations: ["1.0"],
  run: async (ctx) => {
    const task = await ctx.fixtures.finishedTask();
    if (!task.ok) return skip(`no finished task to subscribe to: ${task.reason}`);
    if (!terminalStates.has(task.value.state)) return noFinishedTask(task.value.state);
    const id = task.value.id;
    const watched = await watchStream((onEvent) => ctx.client.subscribe(id, onEvent), {
      graceMs: graceAfterFinalMs(ctx.timeoutMs),
      stopAt: () => true,
    });
    const stream = watched.outcome;
    const evidence = [...task.evidence, ...(stream?.trafficIds ?? [])];
    const failure = stream?.failure;
    if (failure?.kind === "error" && failure.error.code === a2aCodes.unsupportedOperation)
      return pass(
        `subscribing to ${task.value.state} task ${id} was refused with UnsupportedOperation`,
        evidence,
      );
    if (failure) {
      // Read leniently: the answer any unknown method gets means the method is not served at all, which
      // streaming.subscribe-running reports (one defect, one finding; seen at first sight).
      const unserved = failure.kind === "error" ? await resubscribeUnserved(ctx, id, evidence) : undefined;
      if (unserved) return unserved;
      return fail(`answered ${describeFailure(failure)} instead of UnsupportedOperation (-32004)`, evidence);
    }
    // 1.0.1 §9.4.2 frames each SSE event as a JSON-RPC Response, an error one included, and asks for no
    // direct reply before the stream: the right error inside the stream is that answer (seen at first sight).
    const inside = stream?.errors[0];
    if (inside?.code === a2aCodes.unsupportedOperation)
      return pass(
        `subscribing to ${task.value.state} task ${id} answered UnsupportedOperation (${inside.code}) inside the event stream`,
        evidence,
      );
    if (inside)
      return fail(
        `the error inside the event stream is ${inside.name} (${inside.code}: ${inside.message}), not UnsupportedOperation`,
        evidence,
      );
    return fail(
      `subscribing to ${task.value.state} task ${id} opened an event stream instead of answering UnsupportedOperation`,
      evidence,
    );
  },
});
