import { defineCheck, fail, pass } from "../define.js";
import { detailsOf, errorInfoProblem, unknownTaskError } from "../support/error-info.js";

export default defineCheck({
  id: "errors.error-info-jsonrpc",
  title: "JSON-RPC errors name the A2A error with a google.rpc.ErrorInfo",
  category: "errors",
  splitOf: "errors.error-details",
  level: "SHOULD",
  levelReason:
    "A2A 1.0.1 §9.5 recommends the ErrorInfo in error.data (1.0.0 said MUST); over HTTP+JSON and gRPC it is a MUST, judged by errors.error-details.",
  requirement:
    'The JSON-RPC error for an A2A error (TaskNotFound for a GetTask of an unknown id) carries in error.data a google.rpc.ErrorInfo with reason TASK_NOT_FOUND and domain "a2a-protocol.org".',
  spec: "A2A 1.0.1 §9.5 (JSON-RPC error handling)",
  tck: ["JSONRPC-ERR-003"],
  recommendation:
    'Put [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}] in error.data of each A2A error.',
  selfTest: [
    {
      flaw: "jsonrpc-error-without-info",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["JSONRPC-ERR-003"],
    },
  ],
  dependsOn: ["lifecycle.unknown-task-not-found"],
  scope: "transport",
  generations: ["1.0"],
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const found = await unknownTaskError(ctx);
    if (!found.ok) return found.skip;
    const problem = errorInfoProblem(detailsOf(found.error.data), "TaskNotFound");
    if (problem) return fail(`the TaskNotFound error of GetTask ${found.id}: ${problem}`, found.evidence);
    return pass("the TaskNotFound error names itself with an ErrorInfo in error.data", found.evidence);
  },
});
