import type { A2AError } from "../../client/types.js";
import { a2aCodes, errorName } from "../../protocol/error-codes.js";
import { defineCheck } from "../define.js";
import { judgeProvokedStatuses, type Provoked } from "../support/provoked-errors.js";
import type { CheckContext } from "../types.js";

// gRPC status codes (google.rpc.Code) a server's own fault is reported with; a client's mistake is none of them.
const SERVER_FAULTS = new Set(["INTERNAL", "UNKNOWN", "DATA_LOSS", "OK"]);

/**
 * 0.3 names no table (1.0.1 §5.4 is the first), only "appropriate" statuses: an A2A error the client
 * caused must not come as a success or a server fault. TaskNotFound as anything but 404 / NOT_FOUND is
 * a note, since HTTP (RFC 9110 §15.5.5) and gRPC have a status of that very meaning.
 */
function judge(ctx: CheckContext, p: Provoked, error: A2AError): { problem?: string; note?: string } {
  const name = errorName(p.code);
  const notFound = p.code === a2aCodes.taskNotFound;
  if (ctx.transport === "HTTP+JSON") {
    const got = error.httpStatus;
    if (got === undefined || got < 400 || got >= 500)
      return { problem: `${p.what}: ${name} came as HTTP ${got ?? "?"}, not a client error (4xx)` };
    if (notFound && got !== 404)
      return { note: `${name} as HTTP ${got} (404 is the status of that meaning)` };
    return {};
  }
  const got = error.grpcStatus;
  if (got === undefined || SERVER_FAULTS.has(got))
    return {
      problem: `${p.what}: ${name} came as gRPC ${got ?? "?"}, a server fault, not the client's error`,
    };
  if (notFound && got !== "NOT_FOUND")
    return { note: `${name} as gRPC ${got} (NOT_FOUND is the status of that meaning)` };
  return {};
}

export default defineCheck({
  id: "errors.status-mapping-0x",
  title: "A2A errors come with an HTTP or gRPC status that fits them (A2A 0.3)",
  category: "errors",
  level: "MUST",
  requirement:
    "Over HTTP+JSON, an A2A error the client caused (TaskNotFound, TaskNotCancelable, UnsupportedOperation) comes with a 4xx status, never a 2xx or 5xx; over gRPC with a status other than INTERNAL or UNKNOWN. TaskNotFound as anything but 404 / NOT_FOUND is noted.",
  spec: "A2A 0.3 §3.2.2 (gRPC: map A2A error codes to appropriate gRPC status codes), §3.2.3 (HTTP+JSON: appropriate HTTP status codes)",
  quote: {
    spec: "A2A 0.3 §3.2.3, §3.2.2",
    text: "HTTP Status Codes: MUST use appropriate HTTP status codes (200, 400, 401, 403, 404, 500, etc.) that correspond to A2A error types. … Error Handling: MUST map A2A error codes to appropriate gRPC status codes as defined in the proto annotations.",
  },
  recommendation:
    "Answer TaskNotFound with 404 / NOT_FOUND and the other refusals with 400 or 409 / FAILED_PRECONDITION; keep 500 / INTERNAL for the server's own faults.",
  selfTest: [{ flaw: "rest-not-found-500", protocols: ["0.3"], bindings: ["HTTP+JSON"] }],
  dependsOn: ["lifecycle.unknown-task-not-found", "lifecycle.server-generated-ids"],
  scope: "transport",
  generations: ["0.3"],
  bindings: ["HTTP+JSON", "GRPC"],
  run: (ctx) => judgeProvokedStatuses(ctx, judge, "a fitting status"),
});
