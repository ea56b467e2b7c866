/** google.rpc error details as A2A 1.0.1 §9.5, §10.6 and §11.6 carry them. */
import { isObject } from "../../model/json.js";

type Json = Record<string, unknown>;

/** The A2A error domain every ErrorInfo names (1.0.1 §10.6, §11.6). */
export const A2A_DOMAIN = "a2a-protocol.org";

/** `TaskNotFound` → `TASK_NOT_FOUND`: the ErrorInfo reason of an A2A error name. */
export const reasonOf = (name: string): string =>
  name
    .replace(/Error$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toUpperCase();

/** The detail objects of an error: an array of them, or `{details: [...]}` as the gRPC client reports them. */
export function detailsOf(data: unknown): unknown[] | undefined {
  if (Array.isArray(data)) return data as unknown[];
  if (isObject(data) && Array.isArray(data.details)) return data.details as unknown[];
  return undefined;
}

/** Details that lack the `@type` key every detail object must carry. */
export const untyped = (details: readonly unknown[]): number =>
  details.filter((d) => !isObject(d) || typeof d["@type"] !== "string").length;

/** The first google.rpc.ErrorInfo among an error's details. */
export function errorInfoOf(details: readonly unknown[] | undefined): Json | undefined {
  return (details ?? []).find(
    (d): d is Json =>
      isObject(d) && typeof d["@type"] === "string" && d["@type"].endsWith("google.rpc.ErrorInfo"),
  );
}

/**
 * Why the details lack a proper ErrorInfo for the error `name`, or undefined when one is there: one with
 * the A2A reason and domain, which gRPC and HTTP+JSON require (1.0.1 §10.6, §11.6).
 */
export function errorInfoProblem(details: readonly unknown[] | undefined, name: string): string | undefined {
  const info = errorInfoOf(details);
  if (!info) return "no google.rpc.ErrorInfo among the error details";
  return namingProblem(info, name);
}

/**
 * Where an ErrorInfo that is there names the error otherwise than A2A's reason and domain. JSON-RPC
 * recommends the type only (1.0.1 §9.5: "SHOULD use well-known types such as google.rpc.ErrorInfo"); the
 * reason and domain are its example's, so there this is a note, never a failure.
 */
export function errorInfoNaming(details: readonly unknown[] | undefined, name: string): string | undefined {
  const info = errorInfoOf(details);
  return info ? namingProblem(info, name) : undefined;
}

function namingProblem(info: Json, name: string): string | undefined {
  const want = reasonOf(name);
  if (info.reason !== want) return `ErrorInfo.reason is ${JSON.stringify(info.reason)}, expected "${want}"`;
  if (info.domain !== A2A_DOMAIN)
    return `ErrorInfo.domain is ${JSON.stringify(info.domain)}, expected "${A2A_DOMAIN}"`;
  return undefined;
}

/** Why a REST error body is not a google.rpc.Status (`{"error": {code, message, details}}`), or undefined. */
export function statusBodyProblem(raw: unknown, httpStatus: number | undefined): string | undefined {
  const error = isObject(raw) ? raw.error : undefined;
  if (!isObject(error)) return 'the body is not {"error": {...}} (google.rpc.Status)';
  if (typeof error.code !== "number") return "error.code is missing";
  if (httpStatus !== undefined && error.code !== httpStatus)
    return `error.code ${error.code} differs from the HTTP status ${httpStatus}`;
  if (typeof error.message !== "string") return "error.message is missing";
  if (!Array.isArray(error.details)) return "error.details is missing";
  return undefined;
}
