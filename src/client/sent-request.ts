import type { TrafficEntry } from "../model/traffic.js";

/** What a call sent, as reports show it: the JSON-RPC method and params, or the HTTP/gRPC route and body. */
export interface SentRequest {
  method: string;
  params: unknown;
}

function parsed(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body; // capped or not JSON: shown as recorded
  }
}

/**
 * Reads a request back from its traffic entry, so every binding reports exactly what went on the wire
 * (secrets already redacted by the log): JSON-RPC `{method, params}`, HTTP+JSON `POST /path` and body,
 * gRPC the method path and the request message as JSON.
 */
export function sentRequest(entry: TrafficEntry): SentRequest {
  const body = parsed(entry.request_body);
  if (
    typeof body === "object" &&
    body !== null &&
    (body as { jsonrpc?: unknown }).jsonrpc === "2.0" &&
    typeof (body as { method?: unknown }).method === "string"
  ) {
    const rpc = body as { method: string; params?: unknown };
    return { method: rpc.method, params: rpc.params };
  }
  if (entry.method.startsWith("/")) return { method: entry.method, params: body };
  let path = entry.url;
  try {
    const url = new URL(entry.url);
    path = `${url.pathname}${url.search}`;
  } catch {
    // not a URL (a gRPC host:port): keep it whole
  }
  return { method: `${entry.method} ${path}`, params: body };
}
