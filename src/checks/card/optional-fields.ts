import type { CardIssue } from "../../model/result.js";
import { defineCheck } from "../define.js";
import { judgeCardIssuesWhere } from "../support/card-issues.js";

const FIELDS = ["provider", "documentationUrl", "iconUrl"];

export default defineCheck({
  id: "card.optional-fields",
  title: "Optional card fields are well-formed and spelled camelCase",
  category: "card",
  level: "SHOULD",
  levelReason:
    "The fields are optional and the spec gives their types without a MUST for a malformed optional value; a client ignores what it cannot read.",
  requirement:
    "provider has an organization (and url), documentationUrl and iconUrl are http(s) URLs, and every field is spelled camelCase as in the spec.",
  spec: "A2A 0.3 §5.5 AgentCard, AgentProvider; 1.0 §5.7",
  tck: ["DM-SERIAL-001"],
  recommendation:
    "Give provider an organization, make documentationUrl and iconUrl absolute http(s) URLs, and rename snake_case fields to camelCase.",
  selfTest: [{ flaw: "card-bad-documentation-url", protocols: ["0.3"] }],
  scope: "agent",
  run: (ctx) => {
    const verdict = judgeCardIssuesWhere(
      ctx,
      (issue) => FIELDS.some((f) => issue.path === f || issue.path.startsWith(`${f}.`)) || isSpelling(issue),
      "warnings",
      "optional fields",
    );
    // DM-SERIAL-001 is about camelCase names only: a malformed URL is this check's finding, not that id's.
    const misspelt = ctx.validation.warnings.some(isSpelling);
    return Promise.resolve(verdict.status === "fail" && !misspelt ? { ...verdict, tck: [] } : verdict);
  },
});

/** The card reader warns "the spec spells this <camelCase>" for every snake_case spelling it accepts. */
function isSpelling(issue: CardIssue): boolean {
  return /the spec spells this /.test(issue.message);
}
