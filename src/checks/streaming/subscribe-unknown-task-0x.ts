import { a2aCodes, jsonRpcCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { resubscribeUnserved, resubscribeUnservedAllowed } from "../support/resubscribe-unserved.js";
import { subscribeNeverIssued } from "./subscribe-unknown-task.js";

export default defineCheck({
  id: "streaming.subscribe-unknown-task-0x",
  title: "Resubscribing to a task that does not exist fails with TaskNotFound (A2A 0.x)",
  category: "streaming",
  level: "SHOULD",
  levelReason:
    "A2A 0.3 §7.9 names no errors for tasks/resubscribe; §8.2 defines TaskNotFoundError for an id that 'does not correspond to an existing or active task', and §11.1.5 requires §8's codes. 1.0.1 §3.4.2 makes it a MUST (streaming.subscribe-unknown-task).",
  requirement:
    "tasks/resubscribe with an id the server never issued answers TaskNotFoundError (-32001), as the response or as the one event of the stream. An agent that does not serve the method at all is a note: the method is optional from 0.2 on (a 0.1 card that streams claims it); one that serves it for a finished task of its own and answers -32601 only for the unknown id has the wrong code.",
  spec: "A2A 0.3 §7.9 tasks/resubscribe, §7.2.1 (an error response may be a stream's event), §8.2, §11.1.3; 0.1 §7.7, §8.2",
  recommendation: "Look the task up first and answer TaskNotFoundError (-32001) when it is not there.",
  selfTest: [
    { flaw: "task-id-param-renamed", protocols: ["0.3"], bindings: ["JSONRPC"] },
    { flaw: "subscribe-unknown-wrong-code", protocols: ["0.3"], bindings: ["JSONRPC"] },
  ],
  allowed: [resubscribeUnservedAllowed],
  scope: "transport",
  needs: ["streaming"],
  generations: ["0.1", "0.2", "0.3"],
  run: async (ctx) => {
    const { id, stream, evidence } = await subscribeNeverIssued(ctx);
    const failure = stream?.failure;
    if (failure?.kind === "error" && failure.error.code === a2aCodes.taskNotFound)
      return pass(`resubscribing to the never-issued task ${id} answered TaskNotFound`, evidence);
    if (failure) {
      // Read leniently: the answer any unknown method gets means the method is not served at all.
      const unserved = await resubscribeUnserved(ctx, id, evidence, "unknown id");
      if (unserved) return unserved;
      return fail(`answered ${describeFailure(failure)} instead of TaskNotFound (-32001)`, evidence);
    }
    const inside = stream?.errors[0];
    // The answer an unknown method gets, sent as the stream's one event (seen at first sight): not served.
    if (inside?.code === jsonRpcCodes.methodNotFound) {
      const unserved = await resubscribeUnserved(ctx, id, evidence, "unknown id");
      if (unserved) return unserved;
    }
    if (inside && inside.code !== a2aCodes.taskNotFound)
      return fail(
        `the stream's error is ${inside.code} (${inside.message}), not TaskNotFound (-32001)`,
        evidence,
      );
    // An unreadable event after the error is a framing defect: streaming.events-well-formed owns it.
    const stray = stream?.invalidEvents.length
      ? " (an event after it is not a JSON-RPC response: streaming.events-well-formed reports it)"
      : "";
    if (inside)
      return pass(`resubscribing to the never-issued task ${id} streamed TaskNotFound${stray}`, evidence);
    return fail(
      `resubscribing to the never-issued task ${id} opened an event stream without an error`,
      evidence,
    );
  },
});
