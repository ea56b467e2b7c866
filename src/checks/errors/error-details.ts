import { defineCheck, fail, pass } from "../define.js";
import {
  detailsOf,
  errorInfoProblem,
  statusBodyProblem,
  unknownTaskError,
  untyped,
} from "../support/error-info.js";

export default defineCheck({
  id: "errors.error-details",
  title: "A2A errors carry their details as the binding specifies (ErrorInfo, google.rpc.Status)",
  category: "errors",
  level: "MUST",
  requirement:
    "TaskNotFound (a GetTask of an unknown id) is reported with typed details: over HTTP+JSON as a google.rpc.Status body {error: {code, message, details}} whose details hold a google.rpc.ErrorInfo (reason TASK_NOT_FOUND, domain a2a-protocol.org); over gRPC with that ErrorInfo in status.details; over JSON-RPC every object in error.data carries @type. (1.0.1 §9.5 makes ErrorInfo itself a SHOULD on JSON-RPC: errors.error-info-jsonrpc judges it at that level.)",
  spec: "A2A 1.0 §9.5, §10.6, §11.6 (error handling per binding)",
  tck: ["JSONRPC-ERR-003", "HTTP_JSON-ERR-001", "HTTP_JSON-ERR-002", "GRPC-ERR-001", "CORE-ERR-001"],
  quote: {
    spec: "A2A 1.0.1 §11.6, §10.6, §9.5",
    text: "implementations MUST include a `google.rpc.ErrorInfo` object in the `details` array for A2A-specific errors … For A2A-specific errors, implementations MUST include a `google.rpc.ErrorInfo` message in the `status.details` array … Each object in the `data` array MUST include a `@type` key that identifies the object's type.",
  },
  recommendation:
    'Report A2A errors with a google.rpc.ErrorInfo {reason: "TASK_NOT_FOUND" (the error name in UPPER_SNAKE_CASE without "Error"), domain: "a2a-protocol.org"}: in error.details of a {"error": {code, message, details}} body over HTTP+JSON, in status.details over gRPC, and (recommended) in error.data over JSON-RPC.',
  selfTest: [
    {
      flaw: "rest-error-wrong-domain",
      protocols: ["1.0"],
      bindings: ["HTTP+JSON"],
      violates: ["HTTP_JSON-ERR-002"],
    },
  ],
  dependsOn: ["lifecycle.unknown-task-not-found"],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) => {
    const found = await unknownTaskError(ctx);
    if (!found.ok) return found.skip;
    const { id, error, raw, evidence } = found;
    const details = detailsOf(error.data);
    let problem: string | undefined;
    if (ctx.transport === "HTTP+JSON")
      problem = statusBodyProblem(raw, error.httpStatus) ?? errorInfoProblem(details, "TaskNotFound");
    else if (ctx.transport === "GRPC") problem = errorInfoProblem(details, "TaskNotFound");
    else if (details && untyped(details) > 0)
      problem = `${untyped(details)} object(s) in error.data carry no @type`;
    if (problem) return fail(`the TaskNotFound error of GetTask ${id}: ${problem}`, evidence);
    const note =
      ctx.transport === "JSONRPC" && errorInfoProblem(details, "TaskNotFound")
        ? " (no ErrorInfo in error.data: errors.error-info-jsonrpc notes that SHOULD)"
        : "";
    return pass(`the TaskNotFound error carries its details as ${ctx.transport} specifies${note}`, evidence);
  },
});
