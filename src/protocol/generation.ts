/** A2A protocol generations Plainwright speaks (A2A-DIGEST §0). */
export type ProtocolGeneration = "0.1" | "0.2" | "0.3" | "1.0";

/** Maps a version string such as "0.3.0", "1.0" or "1.0.1" onto its generation, or undefined. */
export function generationOf(version: string): ProtocolGeneration | undefined {
  const m = /^(\d+)\.(\d+)/.exec(version.trim());
  if (!m) return undefined;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  if (major >= 1) return "1.0";
  if (minor >= 3) return "0.3";
  if (minor === 2) return "0.2";
  return "0.1";
}
