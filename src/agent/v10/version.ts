import type { RequestHandler } from "express";
import { VersionNotSupportedError, toJsonRpcError } from "@a2a-js/sdk/errors";
import type { RpcErrorBody } from "../http/jsonrpc-front.js";

/** The Major.Minor versions this agent serves on its 1.0 interfaces. */
export const SUPPORTED_VERSIONS: ReadonlySet<string> = new Set(["1.0"]);

const HEADER = "a2a-version";

/** "1.0.0" → "1.0", "1" → "1.0"; A2A 1.0 §3.6 compares Major.Minor only. Unparseable values pass through. */
export function normaliseVersion(raw: string): string {
  const match = /^\s*(\d+)(?:\.(\d+))?(?:\.\d+)?\s*$/.exec(raw);
  if (!match) return raw.trim();
  return `${Number(match[1])}.${Number(match[2] ?? "0")}`;
}

/**
 * Rewrites the A2A-Version service parameter (header, or the ?A2A-Version= query form)
 * to Major.Minor before the SDK sees it: SDK 1.3.0 refuses "1.0.0".
 */
export const normaliseVersionHeader: RequestHandler = (req, _res, next) => {
  const query = req.query["A2A-Version"];
  const raw = req.header(HEADER) ?? (typeof query === "string" ? query : undefined);
  if (raw !== undefined && raw.trim() !== "") req.headers[HEADER] = normaliseVersion(raw);
  else delete req.headers[HEADER];
  next();
};

/**
 * A2A 1.0 §3.6: a missing A2A-Version means 0.3. This agent exposes 1.0 interfaces only,
 * so a missing header is refused with VersionNotSupported (-32009) naming the fix,
 * rather than silently served as 1.0.
 */
export function versionError(header: string | undefined): RpcErrorBody | undefined {
  if (header !== undefined && SUPPORTED_VERSIONS.has(header)) return undefined;
  const message =
    header === undefined
      ? "No A2A-Version header: treated as 0.3 (A2A 1.0 §3.6), which this agent does not serve. Send A2A-Version: 1.0."
      : `A2A-Version ${header} is not supported. Supported: ${[...SUPPORTED_VERSIONS].join(", ")}.`;
  return toJsonRpcError(new VersionNotSupportedError(message));
}
