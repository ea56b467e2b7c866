import type { CardIssue } from "../../model/result.js";
import { generationOf, type ProtocolGeneration } from "../../model/generation.js";
import { issueText } from "../../view/issue-text.js";
import { fail, pass } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/**
 * The generation whose card rules a card is judged by: the one the agent speaks on the wire (the wire
 * decides), unless the card states a newer 0.x version than that: its own claim binds it too (seen at first
 * sight: a card saying 0.3.0 on an agent speaking 0.1 passed 0.3's required skill tags and provider url,
 * judged by 0.1's rules). Between 0.x and 1.0 the shapes differ, and the wire's generation stands.
 */
export function cardRulesOf(ctx: CheckContext): ProtocolGeneration {
  const stated = ctx.validation.card.protocolVersion;
  const claimed = stated ? generationOf(stated) : undefined;
  if (!claimed || claimed === "1.0" || ctx.generation === "1.0") return ctx.generation;
  return claimed > ctx.generation ? claimed : ctx.generation;
}

/** Whether a card path is one of the prefixes or lies under one (`p.member`, `p[i]`). */
export function underAny(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`));
}

/**
 * The card error that a 1.0 card lacks supportedInterfaces altogether (a2a.proto AgentCard.supported_interfaces
 * REQUIRED). An absent REQUIRED member is card.required-fields' to report, however the card rules reached it
 * (a card stating 1.0, or a versionless card before a 1.0 wire); an empty or malformed list is card.interfaces'.
 */
export function lacksSupportedInterfaces(ctx: CheckContext, issue: CardIssue): boolean {
  const card = ctx.rawCard;
  const absent = typeof card !== "object" || card === null || !("supportedInterfaces" in card);
  return issue.path === "supportedInterfaces" && absent;
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
