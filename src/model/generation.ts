/** A2A protocol generations Plainwright speaks, oldest first. */
export const protocolGenerations = ["0.1", "0.2", "0.3", "1.0"] as const;

export type ProtocolGeneration = (typeof protocolGenerations)[number];

// "0.3.0" and "0.3" are 0.3; "1", "1.0" and "1.0.1" are 1.0. Anything else ("0.4", "2.0") is no known
// generation, so the caller falls back to what else it knows (the card's shape, the card's version).
const PREFIXES: ReadonlyArray<[RegExp, ProtocolGeneration]> = [
  [/^0\.1(\.|$)/, "0.1"],
  [/^0\.2(\.|$)/, "0.2"],
  [/^0\.3(\.|$)/, "0.3"],
  [/^1(\.|$)/, "1.0"],
];

/** The one reader of protocol versions: "0.3.0", "1.0" or "1.0.1" → its generation, or undefined. */
export function generationOf(version: string): ProtocolGeneration | undefined {
  const trimmed = version.trim();
  return PREFIXES.find(([pattern]) => pattern.test(trimmed))?.[1];
}
