import type { ProtocolGeneration } from "./generation.js";

/** JSON-RPC codes shared by every generation (JSON-RPC 2.0 itself). */
export const jsonRpcCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export const a2aCodes = {
  taskNotFound: -32001,
  taskNotCancelable: -32002,
  pushNotificationNotSupported: -32003,
  unsupportedOperation: -32004,
  contentTypeNotSupported: -32005,
  invalidAgentResponse: -32006,
  extendedCardNotConfigured: -32007,
  extensionSupportRequired: -32008,
  versionNotSupported: -32009,
} as const;

const common: Record<number, string> = {
  [-32700]: "parse error",
  [-32600]: "invalid request",
  [-32601]: "method not found",
  [-32602]: "invalid params",
  [-32603]: "internal error",
  [-32001]: "task not found",
  [-32002]: "task not cancelable",
  [-32003]: "push notifications not supported",
  [-32004]: "unsupported operation",
  [-32005]: "content type not supported",
};

// The 0.1 prose reused -32006 and up with meanings that later versions reassigned (A2A-DIGEST §4.1).
const byGeneration: Record<ProtocolGeneration, Record<number, string>> = {
  "0.1": {
    [-32006]: "streaming not supported",
    [-32007]: "authentication required",
    [-32008]: "authorization failed",
    [-32009]: "invalid task state",
  },
  "0.2": { [-32006]: "invalid agent response" },
  "0.3": { [-32006]: "invalid agent response", [-32007]: "authenticated extended card not configured" },
  "1.0": {
    [-32006]: "invalid agent response",
    [-32007]: "extended agent card not configured",
    [-32008]: "extension support required",
    [-32009]: "version not supported",
  },
};

/** The name of a JSON-RPC error code as the given generation defines it. */
export function errorCodeName(code: number, generation: ProtocolGeneration): string {
  return (
    byGeneration[generation][code] ??
    common[code] ??
    (code >= -32099 && code <= -32000 ? "server-defined error" : "unknown code")
  );
}

/** Spec names of the codes, as 1.0 spells them (ErrorInfo reasons are these in UPPER_SNAKE without "Error"). */
const specNames: Record<number, string> = {
  [-32700]: "JSONParseError",
  [-32600]: "InvalidRequest",
  [-32601]: "MethodNotFound",
  [-32602]: "InvalidParams",
  [-32603]: "InternalError",
  [-32001]: "TaskNotFound",
  [-32002]: "TaskNotCancelable",
  [-32003]: "PushNotificationNotSupported",
  [-32004]: "UnsupportedOperation",
  [-32005]: "ContentTypeNotSupported",
  [-32006]: "InvalidAgentResponse",
  [-32007]: "ExtendedAgentCardNotConfigured",
  [-32008]: "ExtensionSupportRequired",
  [-32009]: "VersionNotSupported",
};

/** The spec name of a JSON-RPC code (1.0 naming), or "Error <code>". */
export function errorName(code: number): string {
  return specNames[code] ?? `Error ${code}`;
}

/**
 * The JSON-RPC code for an ErrorInfo reason such as TASK_NOT_FOUND or a name such as TaskNotFoundError,
 * so REST and gRPC errors compare with JSON-RPC ones. Undefined when unknown.
 */
export function codeForReason(reason: string): number | undefined {
  const key = reason
    .replace(/Error$/, "")
    .replace(/_/g, "")
    .toLowerCase();
  for (const [code, name] of Object.entries(specNames)) {
    if (name.toLowerCase() === key) return Number(code);
  }
  if (key === "authenticatedextendedcardnotconfigured") return -32007;
  return undefined;
}
