import { versionHeader } from "./version-header.js";
import { extensionHeaders } from "./extensions.js";
import type { ClientContext, ClientTarget } from "./types.js";

/**
 * Where a JSON-RPC request for `target` goes and the A2A headers it carries: the one place the client and
 * the checks that post raw bodies (checks/support/raw-jsonrpc.ts) take them from.
 */
export function jsonRpcEndpoint(
  target: ClientTarget,
  ctx: Pick<ClientContext, "headers" | "query">,
): { url: string; headers: Record<string, string> } {
  const headers = { ...versionHeader(target), ...extensionHeaders(target), ...ctx.headers };
  if (!ctx.query || Object.keys(ctx.query).length === 0) return { url: target.url, headers };
  const url = new URL(target.url);
  for (const [k, v] of Object.entries(ctx.query)) url.searchParams.set(k, v);
  return { url: url.toString(), headers };
}
