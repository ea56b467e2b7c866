import type { A2AError } from "../../client/types.js";
import { a2aCodes, errorName } from "../../protocol/error-codes.js";
import { defineCheck } from "../define.js";
import { judgeProvokedStatuses, type Provoked } from "../support/provoked-errors.js";
import type { CheckContext } from "../types.js";

/**
 * The HTTP and gRPC status of each A2A error a check can provoke, by A2A 1.0.1 §5.4, and the value
 * 1.0.0 gave where 1.0.1 changed it (an agent built to 1.0.0 still speaks "1.0": its value passes, noted).
 */
const MAPPING: Record<number, { http: number; grpc: string; http100?: number; grpc100?: string }> = {
  [a2aCodes.taskNotFound]: { http: 404, grpc: "NOT_FOUND" },
  [a2aCodes.taskNotCancelable]: { http: 400, grpc: "FAILED_PRECONDITION", http100: 409 },
  [a2aCodes.unsupportedOperation]: { http: 400, grpc: "FAILED_PRECONDITION", grpc100: "UNIMPLEMENTED" },
  [a2aCodes.pushNotificationNotSupported]: {
    http: 400,
    grpc: "FAILED_PRECONDITION",
    grpc100: "UNIMPLEMENTED",
  },
  [a2aCodes.versionNotSupported]: { http: 400, grpc: "FAILED_PRECONDITION", grpc100: "UNIMPLEMENTED" },
  [a2aCodes.contentTypeNotSupported]: { http: 400, grpc: "INVALID_ARGUMENT", http100: 415 },
};

/** Why an error's status breaks §5.4, a note when it is 1.0.0's value, or nothing when it is right. */
function judge(ctx: CheckContext, p: Provoked, error: A2AError): { problem?: string; note?: string } {
  const want = MAPPING[p.code];
  if (!want) return {};
  const name = errorName(p.code);
  if (ctx.transport === "HTTP+JSON") {
    const got = error.httpStatus;
    if (got === want.http) return {};
    if (got !== undefined && got === want.http100)
      return { note: `${name} as HTTP ${got} (1.0.0; 1.0.1 §5.4 says ${want.http})` };
    return { problem: `${p.what}: ${name} came as HTTP ${got ?? "?"}, expected ${want.http}` };
  }
  const got = error.grpcStatus;
  if (got === want.grpc) return {};
  if (got !== undefined && got === want.grpc100)
    return { note: `${name} as ${got} (1.0.0; 1.0.1 §5.4 says ${want.grpc})` };
  return { problem: `${p.what}: ${name} came as gRPC ${got ?? "?"}, expected ${want.grpc}` };
}

export default defineCheck({
  id: "errors.status-mapping",
  title: "A2A errors come with the HTTP or gRPC status the spec maps them to",
  category: "errors",
  level: "MUST",
  requirement:
    "Over HTTP+JSON and gRPC, TaskNotFound is 404 / NOT_FOUND; TaskNotCancelable, UnsupportedOperation, PushNotificationNotSupported (without the push capability) and VersionNotSupported (A2A-Version 99.0) are 400 / FAILED_PRECONDITION, and ContentTypeNotSupported (when the agent refuses a file part of a media type its card does not name) is 400 / INVALID_ARGUMENT, as A2A 1.0.1 §5.4 maps them. The TCK grades 1.0.0's values (409 for TaskNotCancelable, UNIMPLEMENTED for UnsupportedOperation, 415 for ContentTypeNotSupported); Plainwright follows 1.0.1 and accepts 1.0.0's value with a note, since an agent built to 1.0.0 still speaks A2A 1.0.",
  spec: "A2A 1.0 §5.4 (error code mappings)",
  tck: ["HTTP_JSON-STATUS-001", "GRPC-ERR-002"],
  quote: {
    spec: "A2A 1.0.1 §5.4",
    text: "All A2A-specific errors defined in Section 3.3.2 MUST be mapped to binding-specific error representations. The following table provides the canonical mappings for each standard protocol binding",
  },
  recommendation:
    "Map A2A errors to statuses by the §5.4 table: TaskNotFound 404 / NOT_FOUND; TaskNotCancelable, UnsupportedOperation and the other refusals 400 / FAILED_PRECONDITION.",
  selfTest: [
    {
      flaw: "rest-not-found-500",
      protocols: ["1.0"],
      bindings: ["HTTP+JSON"],
      violates: ["HTTP_JSON-STATUS-001"],
    },
    {
      flaw: "rest-version-refusal-501",
      protocols: ["1.0"],
      bindings: ["HTTP+JSON"],
      violates: ["HTTP_JSON-STATUS-001"],
    },
    {
      flaw: "rest-cancel-unknown-500",
      protocols: ["1.0"],
      bindings: ["HTTP+JSON"],
      violates: ["HTTP_JSON-STATUS-001"],
    },
  ],
  dependsOn: ["lifecycle.unknown-task-not-found", "lifecycle.server-generated-ids"],
  scope: "transport",
  generations: ["1.0"],
  bindings: ["HTTP+JSON", "GRPC"],
  run: (ctx) => judgeProvokedStatuses(ctx, judge, "the mapped status"),
});
