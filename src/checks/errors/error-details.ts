import { errorName } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { detailsOf, errorInfoProblem, statusBodyProblem, untyped } from "../support/error-info.js";
import { provoke } from "../support/provoked-errors.js";

export default defineCheck({
  id: "errors.error-details",
  title: "A2A errors carry their details as the binding specifies (ErrorInfo, google.rpc.Status)",
  category: "errors",
  level: "MUST",
  requirement:
    "Each A2A error the suite provokes (TaskNotFound for a GetTask and a CancelTask of an unknown id, VersionNotSupported, PushNotificationNotSupported without the capability, TaskNotCancelable and UnsupportedOperation for a finished task), when it comes back as that error, is reported with typed details: over HTTP+JSON as a google.rpc.Status body {error: {code, message, details}} whose details hold a google.rpc.ErrorInfo (reason the error's name in UPPER_SNAKE_CASE, e.g. TASK_NOT_FOUND, domain a2a-protocol.org); over gRPC with that ErrorInfo in status.details; over JSON-RPC every object in error.data carries @type. (1.0.1 §9.5 makes ErrorInfo itself a SHOULD on JSON-RPC: errors.error-info-jsonrpc judges it at that level.)",
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
    { flaw: "rest-refusal-wrong-domain", protocols: ["1.0"], bindings: ["HTTP+JSON"] },
  ],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) => {
    const { provoked, evidence } = await provoke(ctx);
    const problems: string[] = [];
    const judged: string[] = [];
    let untypedNote = false;
    for (const p of provoked) {
      // A wrong or missing error is the lifecycle and error checks' finding; here only the details of a right one.
      if (p.outcome.ok || p.outcome.kind !== "error" || p.outcome.error.code !== p.code) continue;
      const { error } = p.outcome;
      const name = errorName(p.code);
      judged.push(name);
      const details = detailsOf(error.data);
      let problem: string | undefined;
      if (ctx.transport === "HTTP+JSON")
        problem = statusBodyProblem(p.outcome.raw, error.httpStatus) ?? errorInfoProblem(details, name);
      else if (ctx.transport === "GRPC") problem = errorInfoProblem(details, name);
      // 1.0.1 §9.5 maps error details to error.data as an array; a bare string or object is none.
      else if (error.data !== undefined && error.data !== null && !Array.isArray(error.data))
        problem = `error.data is ${typeof error.data === "string" ? "a string" : "an object"}, not an array of objects each with @type (${JSON.stringify(error.data).slice(0, 80)})`;
      else if (details && untyped(details) > 0)
        problem = `${untyped(details)} object(s) in error.data carry no @type`;
      else if (errorInfoProblem(details, name)) untypedNote = true;
      if (problem) problems.push(`the ${name} error of ${p.what}: ${problem}`);
    }
    if (judged.length === 0) return skip("none of the provoked errors came back as the expected A2A error");
    if (problems.length > 0) return fail(problems.join("; "), [...evidence]);
    const note = untypedNote
      ? " (no ErrorInfo in error.data: errors.error-info-jsonrpc notes that SHOULD)"
      : "";
    return pass(
      `${[...new Set(judged)].join(", ")} carry their details as ${ctx.transport} specifies${note}`,
      [...evidence],
    );
  },
});
