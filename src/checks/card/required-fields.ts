import { defineCheck } from "../define.js";
import { judgeCardIssues } from "../support/card-issues.js";

export default defineCheck({
  id: "card.required-fields",
  title: "The card has every required field",
  category: "card",
  level: "MUST",
  requirement:
    "name, description, version, capabilities, defaultInputModes, defaultOutputModes and skills are present with the right types.",
  spec: "A2A 0.3 §5.5 AgentCard; 1.0 §5.7 (REQUIRED fields)",
  tck: ["CARD-STRUCT-001", "CARD-DISC-001", "DM-SERIAL-004"],
  quote: {
    spec: "A2A 1.0 §5.7",
    text: "Fields marked with `[(google.api.field_behavior) = REQUIRED]` indicate that the field MUST be present and set in valid messages.",
  },
  recommendation:
    "Add the missing fields to the agent card; Plainwright's card validation lists each one with its path.",
  selfTest: [
    { flaw: "card-missing-name", protocols: ["1.0"] },
    { flaw: "card-skill-missing-id", protocols: ["1.0"] },
  ],
  scope: "agent",
  basic: true,
  run: (ctx) =>
    Promise.resolve(
      judgeCardIssues(
        ctx,
        [
          "$",
          "name",
          "description",
          "version",
          "capabilities",
          "defaultInputModes",
          "defaultOutputModes",
          "skills",
        ],
        "errors",
        "required fields",
      ),
    ),
});
