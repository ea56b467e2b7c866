import { defineCheck } from "../define.js";
import { judgeCardIssues } from "../support/card-issues.js";

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
  selfTest: [{ flaw: "card-skill-missing-id", protocols: ["1.0"] }],
  scope: "agent",
  run: (ctx) => Promise.resolve(judgeCardIssues(ctx, ["skills"], "errors", "skills")),
});
