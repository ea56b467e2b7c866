import type { CardIssue } from "../../model/result.js";
import { issueText } from "../../view/issue-text.js";
import { fail, pass } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** Whether a card path is one of the prefixes or lies under one (`p.member`, `p[i]`). */
export function underAny(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`));
}

/** Judges the card validation errors (or warnings) whose path starts with one of the prefixes. */
export function judgeCardIssues(
  ctx: CheckContext,
  prefixes: readonly string[],
  kind: "errors" | "warnings",
  what: string,
): CheckVerdict {
  return judgeCardIssuesWhere(ctx, (issue) => underAny(issue.path, prefixes), kind, what);
}

/** Judges the card validation issues of one kind that a predicate selects (for rules not tied to one path). */
export function judgeCardIssuesWhere(
  ctx: CheckContext,
  selects: (issue: CardIssue) => boolean,
  kind: "errors" | "warnings",
  what: string,
): CheckVerdict {
  const found = ctx.validation[kind].filter(selects);
  if (found.length === 0) return pass(`${what}: no problems`);
  return fail(found.map(issueText).join("; "));
}
