import type { CheckDefinition } from "../checks/types.js";

/** Which checks a grep selects: by id or title, case-insensitive (as Playwright's and Vitest's --grep). */
export interface CheckGrep {
  grep?: string | undefined;
  grep_invert?: string | undefined;
}

/**
 * The checks of `catalogue` whose id or title matches `grep` (when given) and neither matches `grep_invert`
 * (when given); the patterns were checked when the test was read. Each is matched alone, so an anchored
 * pattern (`^errors\.parse-error$`) names one check by its id.
 */
export function checksMatching(catalogue: readonly CheckDefinition[], select: CheckGrep): CheckDefinition[] {
  const keep = select.grep !== undefined ? new RegExp(select.grep, "i") : undefined;
  const drop = select.grep_invert !== undefined ? new RegExp(select.grep_invert, "i") : undefined;
  return catalogue.filter((c) => {
    const names = [c.id, c.title];
    return (!keep || names.some((n) => keep.test(n))) && !(drop && names.some((n) => drop.test(n)));
  });
}
