/**
 * Ids a caller could guess from one it was given: its last run of digits counted up and down (keeping its
 * zero padding), nearest first. Sequential ids ("task-41", "42") give away their neighbours; random ones
 * (UUIDs) give candidates that name nothing.
 */
export function neighbourIds(id: string, reach = 2): string[] {
  const match = /(\d+)(?!.*\d)/.exec(id);
  if (!match) return [];
  const digits = match[1]!;
  const at = match.index;
  const value = BigInt(digits);
  const out: string[] = [];
  for (let step = 1n; step <= BigInt(reach); step++)
    for (const n of [value - step, value + step]) {
      if (n < 0n) continue;
      const text = n.toString().padStart(digits.length, "0");
      out.push(`${id.slice(0, at)}${text}${id.slice(at + digits.length)}`);
    }
  return out;
}
