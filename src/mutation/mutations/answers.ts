import { encodeGrpcStatusDetails } from "@a2a-js/sdk/errors/grpc";
import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, GrpcError, Json } from "../types.js";
import { GRPC_FAILED_PRECONDITION } from "./grpc-shapes.js";
import type { A2aErrorSpelling } from "./shapes.js";

// The proxy answering in the agent's place: the A2A errors a correct agent would answer (and the
// deviations respell), on every binding, and the note a request hook leaves for the reply hook.

export const PUSH_NOT_SUPPORTED: A2aErrorSpelling = {
  code: -32003,
  reason: "PUSH_NOTIFICATION_NOT_SUPPORTED",
};
export const EXTENDED_CARD_NOT_CONFIGURED: A2aErrorSpelling = {
  code: -32007,
  reason: "EXTENDED_AGENT_CARD_NOT_CONFIGURED",
};
export const EXTENSION_SUPPORT_REQUIRED: A2aErrorSpelling = {
  code: -32008,
  reason: "EXTENSION_SUPPORT_REQUIRED",
};

// 1.0.1 §10.6, §11.6: the ErrorInfo domain of A2A errors.
const DOMAIN = "a2a-protocol.org";
const ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo";

/**
 * The A2A error as a binding spells it, for the errors 1.0.1 §5.4 maps to HTTP 400 and gRPC
 * FAILED_PRECONDITION (every one of PushNotificationNotSupported, UnsupportedOperation,
 * ExtendedAgentCardNotConfigured, ExtensionSupportRequired): JSON-RPC's error object (§9.5) with its
 * ErrorInfo in `data`, HTTP+JSON's google.rpc.Status (§11.6); 0.3's HTTP+JSON servers answer the bare
 * JSON-RPC error object (the 0.3 JS SDK does).
 */
export function a2aErrorReply(
  reply: BufferedReply,
  x: Exchange,
  error: A2aErrorSpelling,
  message: string,
): BufferedReply {
  const info = { "@type": ERROR_INFO, reason: error.reason, domain: DOMAIN };
  if (x.binding === "jsonrpc") {
    const id = typeof x.request === "object" && x.request !== null && "id" in x.request ? x.request.id : null;
    const data = x.generation === "1.0" ? { data: [info] } : {};
    return {
      ...reply,
      status: 200,
      contentType: "application/json",
      body: { jsonrpc: "2.0", id: id ?? null, error: { code: error.code, message, ...data } },
    };
  }
  const body =
    x.generation === "1.0"
      ? { error: { code: 400, status: "FAILED_PRECONDITION", message, details: [info] } }
      : { code: error.code, message };
  return { ...reply, status: 400, contentType: "application/json", body };
}

/** The same error over gRPC: FAILED_PRECONDITION with its ErrorInfo in the status details (1.0.1 §10.6). */
export function grpcA2aError(error: A2aErrorSpelling, message: string): GrpcError {
  return {
    code: GRPC_FAILED_PRECONDITION,
    details: message,
    metadata: {
      "grpc-status-details-bin": encodeGrpcStatusDetails(GRPC_FAILED_PRECONDITION, message, error.reason),
    },
  };
}

// Exchanges a request hook marked for its reply hook: the request and reply hooks of one exchange get
// the same object, and only the request hook sees the headers (credentials, activated extensions).
const marks = new WeakMap<object, Set<string>>();

/** Marks an exchange (HTTP or gRPC) with a name its reply hook will look for. */
export function mark(x: object, name: string): void {
  const names = marks.get(x) ?? new Set<string>();
  names.add(name);
  marks.set(x, names);
}

/** Whether a request hook marked this exchange with the name. */
export function marked(x: object, name: string): boolean {
  return marks.get(x)?.has(name) ?? false;
}

/** One header's value (HTTP headers or gRPC metadata, names in lower case), the first when repeated. */
export function headerValue(
  headers: Record<string, string | string[] | Buffer>,
  name: string,
): string | undefined {
  const v = headers[name];
  if (Array.isArray(v)) return v[0];
  return Buffer.isBuffer(v) ? v.toString() : v;
}

// Header names that carry credentials: Authorization, or a header the card's scheme names (1.0.1 §4.5
// APIKeySecurityScheme `in: header`, e.g. X-API-Key; a session cookie; a token). gRPC's binary metadata
// (`-bin`) is never a credential.
const CREDENTIAL = /auth|key|token|secret|session|password|cookie/i;

/** The credentials a request carries in its headers (or gRPC metadata): name → value. */
export function credentialHeaders(
  headers: Record<string, string | string[] | Buffer>,
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = CREDENTIAL.test(name) && !name.endsWith("-bin") ? headerValue(headers, name) : undefined;
    if (value !== undefined) found[name] = value;
  }
  return found;
}

/** The card with one capability flag set (undefined when it already says so): a claim the setting needs. */
export function withCapability(card: Json, name: string, value: boolean): Json | undefined {
  const caps: Json = isObject(card.capabilities) ? card.capabilities : {};
  if (caps[name] === value) return undefined;
  caps[name] = value;
  card.capabilities = caps;
  return card;
}
