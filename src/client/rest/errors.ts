import { tryParseJson } from "../../net/json.js";
import { codeForReason, errorName, jsonRpcCodes } from "../../protocol/error-codes.js";
import type { A2AError } from "../types.js";
import { isObject } from "../../model/json.js";

type Json = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const isRpcCode = (v: unknown): v is number => typeof v === "number" && v <= -32000 && v >= -32768;

// A2A 1.0.1 §5.4, generic errors: google.rpc status names without an ErrorInfo map onto these codes.
const codeByStatusName: Record<string, number> = {
  INVALID_ARGUMENT: jsonRpcCodes.invalidParams,
  INTERNAL: jsonRpcCodes.internalError,
  UNAVAILABLE: jsonRpcCodes.internalError,
};

function named(code: number, message: string, extra: Partial<A2AError>): A2AError {
  return { code, name: errorName(code), message, ...extra };
}

/** The ErrorInfo among google.rpc.Status details; its `reason` names the A2A error (A2A 1.0 §9.5, §11.6). */
function errorInfo(details: unknown): Json | undefined {
  if (!Array.isArray(details)) return undefined;
  return details.find(
    (d): d is Json =>
      isObject(d) &&
      typeof d.reason === "string" &&
      (str(d["@type"])?.endsWith("google.rpc.ErrorInfo") ?? true),
  );
}

/** 1.0 REST: `{"error": {code, status, message, details[]}}` (google.rpc.Status). */
function fromGoogleStatus(body: Json, httpStatus: number | undefined): A2AError | undefined {
  const error = body.error;
  if (!isObject(error)) return undefined;
  const message = str(error.message) ?? "";
  const status = str(error.status);
  const extra: Partial<A2AError> = {
    ...(error.details === undefined ? {} : { data: error.details }),
    ...(httpStatus === undefined ? {} : { httpStatus }),
    // The google.rpc status name is the gRPC code name; 1.0 §4.3 pairs each error with one.
    ...(status ? { grpcStatus: status } : {}),
  };
  const reason = str(errorInfo(error.details)?.reason);
  const byReason = reason === undefined ? undefined : codeForReason(reason);
  if (byReason !== undefined) return named(byReason, message, extra);
  if (reason !== undefined) return { code: 0, name: reason, message, ...extra };
  // A JSON-RPC error object under `error` (an agent answering REST with JSON-RPC shapes).
  if (isRpcCode(error.code)) return named(error.code, message, extra);
  const byStatus = status === undefined ? undefined : codeByStatusName[status];
  if (byStatus !== undefined) return named(byStatus, message, extra);
  return { code: 0, name: status ?? `HTTP ${httpStatus ?? "error"}`, message, ...extra };
}

/** RFC 9457 problem+json, left over from 1.0.0-rc (A2A 1.0 §9.5, §11.6): the type's last segment or the title. */
function fromProblem(body: Json, httpStatus: number | undefined): A2AError | undefined {
  const type = str(body.type);
  const title = str(body.title);
  if (type === undefined && title === undefined) return undefined;
  const message = str(body.detail) ?? title ?? "";
  const extra: Partial<A2AError> = { data: body, ...(httpStatus === undefined ? {} : { httpStatus }) };
  const candidates = [type?.split(/[/#:]/).pop(), title].filter((c): c is string => !!c);
  for (const candidate of candidates) {
    const code = codeForReason(candidate.replace(/[-\s]+/g, "_"));
    if (code !== undefined) return named(code, message, extra);
  }
  return { code: 0, name: title ?? `HTTP ${httpStatus ?? "error"}`, message, ...extra };
}

/** The JS SDK 0.3 REST shape: a bare JSON-RPC error object `{code, message, data?}`. */
function fromBareRpcError(body: Json, httpStatus: number | undefined): A2AError | undefined {
  if (!isRpcCode(body.code)) return undefined;
  return named(body.code, str(body.message) ?? "", {
    ...("data" in body ? { data: body.data } : {}),
    ...(httpStatus === undefined ? {} : { httpStatus }),
  });
}

/**
 * Reads an error body of any shape seen on REST bindings, or undefined when the value names no error.
 * `httpStatus` is the response's status; for an error inside a stream, the status the body states.
 */
export function errorFromJson(value: unknown, httpStatus?: number): A2AError | undefined {
  if (!isObject(value)) return undefined;
  const stated = isObject(value.error) && typeof value.error.code === "number" ? value.error.code : undefined;
  const status = httpStatus ?? (stated !== undefined && stated >= 400 ? stated : undefined);
  return fromGoogleStatus(value, status) ?? fromProblem(value, status) ?? fromBareRpcError(value, status);
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat;
}

/**
 * The A2AError of an HTTP error response. The body decides; the status alone never does, since a 404
 * from a server that has no such route is not TaskNotFound. A body that names nothing gives code 0.
 */
export function decodeRestError(status: number, contentType: string, body: string, url: string): A2AError {
  const parsed = tryParseJson(body, url);
  if (parsed.ok) {
    const decoded = errorFromJson(parsed.value, status);
    if (decoded) return decoded;
    const said = isObject(parsed.value) ? (str(parsed.value.error) ?? str(parsed.value.message)) : undefined;
    if (said !== undefined) return { code: 0, name: `HTTP ${status}`, message: said, httpStatus: status };
  }
  const type = contentType || "no content type";
  const shown = body.trim() === "" ? "an empty body" : `"${snippet(body)}"`;
  const message = `HTTP ${status} with ${type} body that names no A2A error: ${shown}`;
  return { code: 0, name: `HTTP ${status}`, message, httpStatus: status };
}
