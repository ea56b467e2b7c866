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
/** Whether JSON-RPC 2.0 or an A2A version names the code. */
export function isSpecCode(code: number): boolean {
  return specNames[code] !== undefined;
}

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
