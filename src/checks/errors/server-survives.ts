import { randomUUID } from "node:crypto";
import { methodName } from "../../client/methods.js";
import type { CheckContext } from "../types.js";
import { defineCheck, fail, pass } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import {
  invalidParamsRequest,
  noVersionRequest,
  notJsonRpcRequest,
  parseErrorRequest,
  postRaw,
  unknownMethodRequest,
  type BadRequest,
} from "../support/raw-jsonrpc.js";

/** A read of task `id` with a historyLength that is not a number: a mistake about an existing task. */
function badHistoryRequest(ctx: CheckContext, id: string): BadRequest {
  const requestId = randomUUID();
  const method = methodName(ctx.generation, "get");
  return {
    what: `${method} of task ${id} with historyLength "all"`,
    body: JSON.stringify({ jsonrpc: "2.0", id: requestId, method, params: { id, historyLength: "all" } }),
    replyId: requestId,
  };
}

export default defineCheck({
  id: "errors.server-survives",
  title: "The server keeps working after bad requests",
  category: "errors",
  level: "SHOULD",
  levelReason:
    "No spec sentence names robustness after a bad request; a server that stops answering is still reported, and the MUST checks that follow judge what breaks.",
  requirement:
    "After malformed JSON, invalid requests, an unknown method and invalid params (one of them about an existing task), the server still answers: that task can be read and a new message is accepted.",
  spec: "JSON-RPC 2.0 §5.1; A2A 0.3 §7.1, §7.3; 1.0 §3.1.1, §3.1.3",
  recommendation:
    "Make request errors local to the request: release locks and state in a finally block, and never let a bad request take down the process or a task.",
  selfTest: [{ flaw: "bad-request-wedges-task", protocols: ["1.0"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  // After the whole suite: an agent that any of its requests took down is reported here (runner/agent-died.ts).
  phase: "last",
  scope: "transport",
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const created = await ctx.fixtures.send();
    if (!created.ok) return fail(`the first message failed: ${created.reason}`, created.evidence);
    const evidence = [...created.evidence];
    const task = created.value.kind === "task" ? created.value : undefined;
    const mistakes = [
      parseErrorRequest(),
      notJsonRpcRequest(),
      noVersionRequest(ctx),
      unknownMethodRequest(),
      invalidParamsRequest(ctx),
      ...(task ? [badHistoryRequest(ctx, task.id)] : []),
    ];
    // Whether the task could be read before the mistakes: a read that never worked is lifecycle.get-task's finding.
    const before = task ? await ctx.client.getTask(task.id) : undefined;
    if (before) evidence.push(...before.trafficIds);
    // A mistake left unanswered is errors.error-envelope's finding: whether the server survives it shows in
    // what it answers after (seen at first sight: a connection closed on one bad request, the server fine).
    const unanswered: string[] = [];
    for (const bad of mistakes) {
      const reply = await postRaw(ctx, bad.body, "client mistake");
      evidence.push(...reply.evidence);
      if (!reply.ok) unanswered.push(`${bad.what} got no answer (${reply.error.message})`);
    }
    const noAnswer = unanswered.length > 0 ? ` (${unanswered.join("; ")})` : "";
    if (task && before?.ok) {
      const got = await ctx.client.getTask(task.id);
      evidence.push(...got.trafficIds);
      if (!got.ok)
        return fail(
          `after the bad requests${noAnswer}, reading task ${task.id} failed: ${describeFailure(got)}`,
          evidence,
        );
    }
    const again = await ctx.fixtures.send();
    evidence.push(...again.evidence);
    if (!again.ok)
      return fail(`after the bad requests${noAnswer}, a new message failed: ${again.reason}`, evidence);
    const reads = task && before?.ok ? `reads task ${task.id} and ` : "";
    const left = unanswered.length > 0 ? `; ${unanswered.join("; ")}: errors.error-envelope's finding` : "";
    return pass(
      `${mistakes.length} bad requests later the server still ${reads}accepts messages${left}`,
      evidence,
    );
  },
});
