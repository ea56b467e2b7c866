import { randomUUID } from "node:crypto";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../fixtures.js";
import { detailsOf, errorInfoProblem } from "../support/error-info.js";

export default defineCheck({
  id: "errors.error-info-jsonrpc",
  title: "JSON-RPC errors name the A2A error with a google.rpc.ErrorInfo",
  category: "errors",
  level: "SHOULD",
  levelReason:
    "A2A 1.0.1 §9.5 recommends the ErrorInfo in error.data (1.0.0 said MUST); over HTTP+JSON and gRPC it is a MUST, judged by errors.error-details.",
  requirement:
    'The JSON-RPC error for an A2A error (TaskNotFound for a GetTask of an unknown id) carries in error.data a google.rpc.ErrorInfo with reason TASK_NOT_FOUND and domain "a2a-protocol.org".',
  spec: "A2A 1.0.1 §9.5 (JSON-RPC error handling)",
  recommendation:
    'Put [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}] in error.data of each A2A error.',
  selfTest: [{ flaw: "jsonrpc-error-without-info", protocols: ["1.0"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.unknown-task-not-found"],
  scope: "transport",
  generations: ["1.0"],
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const id = `plainwright-missing-${randomUUID()}`;
    const got = await ctx.client.getTask(id);
    const evidence = got.trafficIds;
    if (got.ok || got.kind !== "error")
      return skip(`GetTask of ${id} gave no A2A error: ${got.ok ? "a task" : describeFailure(got)}`);
    if (got.error.code !== a2aCodes.taskNotFound)
      return skip(
        `GetTask of ${id} answered ${got.error.name}, not TaskNotFound (lifecycle.unknown-task-not-found judges it)`,
      );
    const problem = errorInfoProblem(detailsOf(got.error.data), "TaskNotFound");
    if (problem) return fail(`the TaskNotFound error of GetTask ${id}: ${problem}`, evidence);
    return pass("the TaskNotFound error names itself with an ErrorInfo in error.data", evidence);
  },
});
