import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Metadata } from "@grpc/grpc-js";
import { GRPC_STATUS_DETAILS_BIN, decodeErrorInfo, decodeStatus } from "@a2a-js/sdk/errors/grpc";
import { a2aCodes, codeForReason, errorName, jsonRpcCodes } from "../../protocol/error-codes.js";
import type { A2AError } from "../types.js";
import type { GrpcOperation } from "./codec.js";

/** A non-OK gRPC status as it arrived. */
export interface GrpcFailure {
  code: GrpcStatus;
  details: string;
  metadata?: Metadata;
}

/** What `grpc-status-details-bin` said, as JSON for the traffic log and `A2AError.data`. */
export interface StatusDetails {
  details: { "@type": string; reason?: string; domain?: string; metadata?: Record<string, string> }[];
  /** Set when the trailer was present but could not be decoded. */
  unreadable?: string;
}

/** The gRPC status code's name, e.g. NOT_FOUND. */
export function statusName(code: number): string {
  return (GrpcStatus as unknown as Record<number, string | undefined>)[code] ?? `STATUS_${code}`;
}

const ERROR_INFO = "google.rpc.ErrorInfo";

/** Decodes google.rpc.Status from the trailer; a broken trailer is reported, never thrown. */
export function statusDetails(metadata: Metadata | undefined): StatusDetails | undefined {
  const blob = metadata?.get(GRPC_STATUS_DETAILS_BIN)[0];
  if (blob === undefined) return undefined;
  try {
    const decoded = decodeStatus(Buffer.isBuffer(blob) ? blob : Buffer.from(blob));
    const details = decoded.details.map((any) => {
      if (!any.typeUrl.endsWith(ERROR_INFO)) return { "@type": any.typeUrl };
      const info = decodeErrorInfo(Buffer.from(any.value));
      return { "@type": any.typeUrl, reason: info.reason, domain: info.domain, metadata: info.metadata };
    });
    return { details };
  } catch (error) {
    return {
      details: [],
      unreadable: `${GRPC_STATUS_DETAILS_BIN} is not a google.rpc.Status: ${String(error)}`,
    };
  }
}

// A2A 1.0.1 §5.4: the status codes an A2A error or a generic failure travels with, read backwards.
// FAILED_PRECONDITION is shared by several errors; without an ErrorInfo, a refused cancel is the one
// reading that fits, any other call's is UnsupportedOperation.
function codeForStatus(code: GrpcStatus, op: GrpcOperation, details: string): number | undefined {
  switch (code) {
    case GrpcStatus.NOT_FOUND:
      return a2aCodes.taskNotFound;
    case GrpcStatus.FAILED_PRECONDITION:
      return op === "cancel" ? a2aCodes.taskNotCancelable : a2aCodes.unsupportedOperation;
    case GrpcStatus.UNIMPLEMENTED:
      // grpc-js and grpc-go say "does not implement the method" / "unknown method" for an RPC the server lacks;
      // 1.0.0 also used UNIMPLEMENTED for UnsupportedOperation.
      return /implement the method|unknown (method|service)/i.test(details)
        ? jsonRpcCodes.methodNotFound
        : a2aCodes.unsupportedOperation;
    case GrpcStatus.INVALID_ARGUMENT:
      return jsonRpcCodes.invalidParams;
    case GrpcStatus.INTERNAL:
    case GrpcStatus.UNAVAILABLE:
    case GrpcStatus.UNKNOWN:
      return jsonRpcCodes.internalError;
    default:
      return undefined;
  }
}

/**
 * A gRPC failure as an A2AError: the ErrorInfo reason decides the code when present (1.0 §4.2 says A2A
 * errors MUST carry one), else the status code does. Statuses with no JSON-RPC counterpart
 * (UNAUTHENTICATED, PERMISSION_DENIED, ...) keep code 0 and are named by their status.
 */
export function a2aErrorOf(failure: GrpcFailure, op: GrpcOperation): A2AError {
  const grpcStatus = statusName(failure.code);
  const decoded = statusDetails(failure.metadata);
  const reason = decoded?.details.find((d) => d.reason !== undefined)?.reason;
  const extra = { grpcStatus, ...(decoded ? { data: decoded } : {}) };
  const byReason = reason === undefined ? undefined : codeForReason(reason);
  if (byReason !== undefined)
    return { code: byReason, name: errorName(byReason), message: failure.details, ...extra };
  if (reason !== undefined) return { code: 0, name: reason, message: failure.details, ...extra };
  const byStatus = codeForStatus(failure.code, op, failure.details);
  if (byStatus !== undefined)
    return { code: byStatus, name: errorName(byStatus), message: failure.details, ...extra };
  return { code: 0, name: grpcStatus, message: failure.details, ...extra };
}
