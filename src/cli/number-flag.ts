import type { z } from "zod";
import { usageError } from "../runner/errors.js";

/**
 * A numeric flag read by the rule of the test-file key it fills (the kind's own schema, src/runner/kinds):
 * a flag and a file key cannot disagree on bounds or wording. The problem names the flag as typed.
 */
export function numberFlag(
  flag: string,
  raw: string | undefined,
  rule: z.ZodType<number | undefined>,
): number | undefined {
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  // Number("") is 0 and Number("0x10") is 16: only plain decimal numbers are numbers here.
  const value = /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : raw;
  const read = rule.safeParse(value);
  if (!read.success) throw usageError(`${flag} ${raw}: ${read.error.issues[0]?.message ?? "not allowed"}`);
  return read.data;
}
