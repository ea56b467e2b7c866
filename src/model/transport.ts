/** The wire bindings, spelled as A2A 0.3 §5.5 (TransportProtocol) and 1.0 §5 (protocolBinding) spell them. */
export const transports = ["JSONRPC", "HTTP+JSON", "GRPC"] as const;

/** The wire binding names used throughout Plainwright (docs/result-format.md). */
export type Transport = (typeof transports)[number];

/** The short names people type: `--transport jsonrpc,rest,grpc` and a test file's `transports`. */
export const transportFlags = ["jsonrpc", "rest", "grpc"] as const;

export type TransportFlag = (typeof transportFlags)[number];

// The spec's spellings first; other casings, "JSON-RPC", "HTTP JSON" and the command line's "rest" are
// read too, because real cards and people write them (card validation warns when a card does).
const SPELLINGS: ReadonlyArray<[RegExp, Transport]> = [
  [/^json[-_ ]?rpc$/i, "JSONRPC"],
  [/^grpc$/i, "GRPC"],
  [/^(http[-_ +]?json|rest)$/i, "HTTP+JSON"],
];

/** The one reader of transport names: a card's, a flag's or a test file's spelling → the binding, or undefined. */
export function parseTransport(name: string): Transport | undefined {
  const trimmed = name.trim();
  return SPELLINGS.find(([pattern]) => pattern.test(trimmed))?.[1];
}

/** The short name of a binding, as a flag or a test file writes it. */
export function transportFlagOf(transport: Transport): TransportFlag {
  return transport === "JSONRPC" ? "jsonrpc" : transport === "GRPC" ? "grpc" : "rest";
}
