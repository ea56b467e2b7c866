import { usageError } from "../runner/errors.js";

/** --grep and --grep-invert as given on the command line. */
export interface GrepFlags {
  grep?: string;
  grepInvert?: string;
}

function pattern(raw: string, flag: string): RegExp {
  try {
    return new RegExp(raw, "i");
  } catch (error) {
    throw usageError(`${flag} ${raw}: not a regular expression (${(error as Error).message})`);
  }
}

/**
 * The selection --grep/--grep-invert make (as Playwright's and Vitest's do): a name is kept when it
 * matches --grep (if given) and does not match --grep-invert (if given); case-insensitive.
 */
export function nameFilter(flags: GrepFlags): ((name: string) => boolean) | undefined {
  const keep = flags.grep !== undefined ? pattern(flags.grep, "--grep") : undefined;
  const drop = flags.grepInvert !== undefined ? pattern(flags.grepInvert, "--grep-invert") : undefined;
  if (!keep && !drop) return undefined;
  return (name) => (!keep || keep.test(name)) && !(drop && drop.test(name));
}

/** What was asked, for the error when nothing is left. */
export function describeGrep(flags: GrepFlags): string {
  return [
    flags.grep !== undefined ? `--grep ${flags.grep}` : "",
    flags.grepInvert !== undefined ? `--grep-invert ${flags.grepInvert}` : "",
  ]
    .filter(Boolean)
    .join(" ");
}
