import { defineCheck, fail, skip } from "../define.js";
import { cardRulesOf, judgeCardIssues } from "../support/card-issues.js";

/** Paths of skills that leave out `tags` altogether: REQUIRED in the 0.2/0.3 schemas and the 1.0 proto. */
function skillsWithoutTags(rawCard: unknown): string[] {
  const skills =
    typeof rawCard === "object" && rawCard !== null ? (rawCard as Record<string, unknown>).skills : undefined;
  if (!Array.isArray(skills)) return [];
  return skills.flatMap((s: unknown, i) =>
    typeof s === "object" && s !== null && !Array.isArray(s) && !("tags" in s) ? [`skills[${i}]`] : [],
  );
}

export default defineCheck({
  id: "card.skills",
  title: "Every skill has a unique id, a name, a description and tags",
  category: "card",
  level: "MUST",
  requirement:
    "Each AgentSkill has a string id (unique in the card), name and description, and tags as a list of strings (required since 0.2).",
  spec: "A2A 0.3 §5.5 AgentSkill; 1.0 §5.7 AgentSkill",
  quote: {
    spec: "A2A 1.0 §5.7",
    text: "Fields marked with `[(google.api.field_behavior) = REQUIRED]` indicate that the field MUST be present and set in valid messages.",
  },
  recommendation:
    "Give every skill a unique id, a name, a description and a tags list of strings; Plainwright lists each problem with its path.",
  selfTest: [
    { flaw: "card-skill-missing-id", protocols: ["1.0"] },
    { flaw: "card-skill-no-tags", protocols: ["0.3", "1.0"] },
  ],
  scope: "agent",
  run: (ctx) => {
    // A card without a skills list is card.required-fields' finding; the skills in a list are this check's.
    if (ctx.validation.errors.some((issue) => issue.path === "skills"))
      return Promise.resolve(
        skip(
          "the card has no list of skills, or an empty one where 1.0 requires a skill: card.required-fields reports it",
        ),
      );
    const verdict = judgeCardIssues(ctx, ["skills"], "errors", "skills");
    // The card validator only warns about a skill without tags (docs/test-files.md); the spec requires
    // the field, except in A2A 0.1, which made tags optional.
    const untagged = cardRulesOf(ctx) === "0.1" ? [] : skillsWithoutTags(ctx.rawCard);
    if (!untagged.length) return Promise.resolve(verdict);
    const missing = `${untagged.join(", ")} ${untagged.length === 1 ? "has" : "have"} no tags field (required: A2A 0.3 schema AgentSkill.required, 1.0 §5.7 REQUIRED)`;
    return Promise.resolve(fail(verdict.status === "fail" ? `${verdict.message}; ${missing}` : missing));
  },
});
