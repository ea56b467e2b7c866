import { isObject } from "../exchange.js";
import type { GrpcReply, Mutation } from "../types.js";
import { GRPC_NOT_FOUND, grpcAsInternal } from "./grpc-shapes.js";
import { rpcError, taskIn } from "./shapes.js";

// JSON-RPC 2.0 §5.1 codes, used by every A2A generation's JSON-RPC binding (0.3 §8.1, 1.0.1 §9.5).
// gRPC's INVALID_ARGUMENT (google.rpc.Code 3), the status of a validation error (1.0.1 §3.3.2).
const GRPC_INVALID_ARGUMENT = 3;

/** A gRPC error with its status details (the ErrorInfo) left out; undefined when it carried none. */
function withoutDetails(r: GrpcReply): GrpcReply | undefined {
  if (!r.error || !("grpc-status-details-bin" in r.error.metadata)) return undefined;
  const metadata = { ...r.error.metadata };
  delete metadata["grpc-status-details-bin"];
  return { error: { ...r.error, metadata } };
}

/** Deviations in the details of an error: its data, ErrorInfo, domain and the statuses of other bindings. */
export const errorDetailMutations: Mutation[] = [
  {
    id: "error-details-dropped",
    violates: ["GRPC-ERR-001"],
    what: "gRPC: A2A errors come without their ErrorInfo in status details",
    clause: "A2A 1.0.1 §10.6 (gRPC: MUST include ErrorInfo)",
    // Over HTTP+JSON an error without its ErrorInfo cannot be told to be TaskNotFound at all:
    // lifecycle.unknown-task-not-found reports that, once.
    check: "errors.error-details",
    generations: ["1.0"],
    bindings: ["GRPC"],
    grpcReply: (r) => (r.error?.code === GRPC_NOT_FOUND ? withoutDetails(r) : undefined),
  },
  {
    id: "error-details-only-for-not-found",
    what: "gRPC: A2A errors other than TaskNotFound come without their ErrorInfo in status details",
    clause: "A2A 1.0.1 §10.6 (gRPC: for A2A-specific errors, MUST include ErrorInfo)",
    check: "errors.error-details",
    generations: ["1.0"],
    bindings: ["GRPC"],
    grpcReply: (r) => (r.error && r.error.code !== GRPC_NOT_FOUND ? withoutDetails(r) : undefined),
  },
  {
    id: "error-data-not-array",
    what: "JSON-RPC: A2A errors carry error.data as one object instead of an array of typed objects",
    clause: "A2A 1.0.1 §9.5 (Error Details: mapped to error.data, an array of objects each containing @type)",
    check: "errors.error-details",
    generations: ["1.0"],
    bindings: ["JSONRPC"],
    // Seen at first sight: {"code": -32009, "data": {"supportedVersions": ["1.0"]}}.
    reply: (r, x) => {
      const error = x.binding === "jsonrpc" ? rpcError(r) : undefined;
      const code = typeof error?.code === "number" ? error.code : 0;
      if (!error || code > -32000 || code < -32099) return undefined;
      error.data = { reason: "see message" };
      return r;
    },
  },
  {
    id: "error-domain-wrong-beyond-not-found",
    what: 'HTTP+JSON: A2A errors other than TaskNotFound carry an ErrorInfo whose domain is not "a2a-protocol.org"',
    clause: 'A2A 1.0.1 §11.6 (ErrorInfo with domain "a2a-protocol.org" for A2A-specific errors)',
    check: "errors.error-details",
    generations: ["1.0"],
    bindings: ["HTTP+JSON"],
    reply: (r, x) => {
      const error =
        x.binding === "rest" && r.status >= 400 && r.status !== 404 && isObject(r.body)
          ? r.body.error
          : undefined;
      const details = isObject(error) && Array.isArray(error.details) ? error.details : [];
      const infos = details.filter((d) => isObject(d) && d.domain === "a2a-protocol.org");
      if (!infos.length) return undefined;
      for (const info of infos) (info as Record<string, unknown>).domain = "errors.example.com";
      return r;
    },
  },
  {
    id: "timestamp-not-utc",
    violates: ["DM-SERIAL-003"],
    what: "task status timestamps carry a local offset instead of UTC",
    clause: "A2A 1.0.1 §5.5 TaskStatus.timestamp (ISO 8601 in UTC), §5.1 (JSON serialization)",
    check: "lifecycle.wire-format",
    generations: ["1.0"],
    bindings: ["JSONRPC", "HTTP+JSON"],
    reply: (r, x) => {
      const task = x.verb === "send" || x.verb === "get" ? taskIn(r, x) : undefined;
      const status = isObject(task?.status) ? task.status : undefined;
      if (typeof status?.timestamp !== "string" || !status.timestamp.endsWith("Z")) return undefined;
      status.timestamp = status.timestamp.replace(/Z$/, "+02:00");
      return r;
    },
  },
  {
    id: "error-info-replaced-by-own-type",
    bindings: ["JSONRPC"],
    what: "JSON-RPC errors carry details of the agent's own type only: no well-known google.rpc type (ErrorInfo) names the A2A error",
    clause:
      "A2A 1.0.1 §9.5 (Implementations SHOULD use well-known types such as google.rpc.ErrorInfo to refine error reporting)",
    check: "errors.error-info-jsonrpc",
    generations: ["1.0"],
    reply: (r, x) => {
      const error = x.binding === "jsonrpc" ? rpcError(r) : undefined;
      // An A2A error (-32001 to -32099) only: the check judges those.
      if (!error || typeof error.code !== "number" || error.code > -32001 || error.code < -32099)
        return undefined;
      error.data = [{ "@type": "type.example.com/acme.ErrorContext", detail: "see the message" }];
      return r;
    },
  },
  {
    id: "grpc-invalid-input-as-internal",
    bindings: ["GRPC"],
    what: "gRPC: a malformed SendMessage is answered INTERNAL instead of INVALID_ARGUMENT",
    clause: "A2A 1.0.1 §3.3.2 (validation errors: gRPC INVALID_ARGUMENT), §10.6",
    check: "errors.grpc-invalid-input",
    generations: ["1.0"],
    grpcReply: (r, x) => (x.verb === "send" ? grpcAsInternal(r, GRPC_INVALID_ARGUMENT) : undefined),
  },
];
