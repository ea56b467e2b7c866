import { parseTransport, type Transport } from "../model/transport.js";

/** --endpoint URL[@binding] / a test file's `endpoint`: the interface to test whatever the card says. */
export interface EndpointOverride {
  url: string;
  transport: Transport;
}

/**
 * Reads `URL[@binding]` (binding jsonrpc, rest or grpc; jsonrpc when absent). Only a known binding name
 * after the last "@" is taken as the binding, so credentials in a URL's user part stay in the URL.
 * Returns a message when the text is not usable.
 */
export function parseEndpointOverride(text: string): EndpointOverride | string {
  const at = text.lastIndexOf("@");
  const suffix = at >= 0 ? text.slice(at + 1).toLowerCase() : "";
  const transport = parseTransport(suffix);
  const url = transport ? text.slice(0, at) : text;
  const binding = transport ?? "JSONRPC";
  if (binding === "GRPC" && /^[^/:]+:\d+$/.test(url)) return { url, transport: binding };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `endpoint ${JSON.stringify(text)} is not a URL (expected URL[@jsonrpc|rest|grpc])`;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    return `endpoint must be an http(s) URL, got ${parsed.protocol} in ${url}`;
  return { url, transport: binding };
}

/** A test's `endpoint` and `transport` settings as connect options; the endpoint was validated on load. */
export function connectionSettings(config: {
  endpoint?: string | undefined;
  transport?: string | undefined;
}): {
  endpointOverride?: EndpointOverride;
  transport?: Transport;
} {
  const parsed = config.endpoint ? parseEndpointOverride(config.endpoint) : undefined;
  const transport = config.transport ? parseTransport(config.transport) : undefined;
  return {
    ...(parsed && typeof parsed !== "string" ? { endpointOverride: parsed } : {}),
    ...(transport ? { transport } : {}),
  };
}
