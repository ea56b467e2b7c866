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
