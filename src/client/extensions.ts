import type { ClientTarget } from "./types.js";

/**
 * The header that activates the target's extensions: A2A-Extensions in 1.0 (A2A 1.0.1 §3.2.6, a
 * comma-separated list of URIs; gRPC sends it as metadata), X-A2A-Extensions in 0.3
 * (0.3 topics/extensions.md, "Extension Activation"). None when there is nothing to activate.
 */
export function extensionHeaders(target: ClientTarget): Record<string, string> {
  const uris = target.extensions ?? [];
  if (uris.length === 0) return {};
  const name = target.generation === "1.0" ? "A2A-Extensions" : "X-A2A-Extensions";
  return { [name]: uris.join(",") };
}
