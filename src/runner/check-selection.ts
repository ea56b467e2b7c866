import type { CheckDefinition } from "../checks/types.js";

/** Which checks a grep selects: by id or title, case-insensitive (as Playwright's and Vitest's --grep). */
export interface CheckGrep {
  grep?: string | undefined;
  grep_invert?: string | undefined;
}

/**
 * The checks of `catalogue` whose "id title" matches `grep` (when given) and not `grep_invert` (when
 * given); the patterns were checked when the test was read.
 */
export function checksMatching(catalogue: readonly CheckDefinition[], select: CheckGrep): CheckDefinition[] {
  const keep = select.grep !== undefined ? new RegExp(select.grep, "i") : undefined;
  const drop = select.grep_invert !== undefined ? new RegExp(select.grep_invert, "i") : undefined;
  return catalogue.filter((c) => {
    const name = `${c.id} ${c.title}`;
    return (!keep || keep.test(name)) && !(drop && drop.test(name));
  });
}
