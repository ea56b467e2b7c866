import { servedFrom0_2_5 } from "../support/wire-0-2-5.js";
import { defineCheck, fail } from "../define.js";
import type { CheckContext } from "../types.js";
import { judgeCardIssuesWhere, lacksSupportedInterfaces, underAny } from "../support/card-issues.js";

export default defineCheck({
  id: "card.required-fields",
  title: "The card has every required field",
  category: "card",
  level: "MUST",
  requirement:
    "The card is available (an agent that answers but serves no card at any location tried fails here, and the run stops); name, description, version, capabilities, defaultInputModes, defaultOutputModes and skills are present with the right types; an agent that speaks 0.3 states its protocolVersion and preferredTransport; the card 1.0 clients read has supportedInterfaces.",
  spec: "A2A 0.3 §5.5 AgentCard, §5.6.1 (preferredTransport); 1.0 §5.7 (REQUIRED fields), 1.0.1 §8.1 (the card MUST be available)",
  tck: ["CARD-STRUCT-001", "CARD-DISC-001", "DM-SERIAL-004"],
  quote: {
    spec: "A2A 1.0 §5.7",
    text: "Fields marked with `[(google.api.field_behavior) = REQUIRED]` indicate that the field MUST be present and set in valid messages.",
  },
  recommendation:
    "Add the missing fields to the agent card; Plainwright's card validation lists each one with its path.",
  selfTest: [
    { flaw: "card-missing-name", protocols: ["1.0"], violates: ["CARD-STRUCT-001", "DM-SERIAL-004"] },
    { flaw: "card-missing-protocol-version", protocols: ["0.3"], violates: ["CARD-STRUCT-001"] },
    { flaw: "card-missing-preferred-transport", protocols: ["0.3"], violates: ["CARD-STRUCT-001"] },
  ],
  scope: "agent",
  basic: true,
  run: async (ctx) => {
    // Tested through --endpoint without a card: its absence is the finding.
    if (ctx.rawCard === null)
      return fail(
        `no agent card was found (first location tried: ${ctx.cardUrl}); A2A 1.0.1 §8.1: A2A Servers MUST make an Agent Card available`,
      );
    // A skill's own fields are card.skills' to judge: one defect, one failure.
    const verdict = judgeCardIssuesWhere(
      ctx,
      (issue) =>
        (!issue.path.startsWith("skills[") && underAny(issue.path, ["$", ...REQUIRED])) ||
        lacksSupportedInterfaces(ctx, issue),
      "errors",
      "required fields",
    );
    const missing = [missingOn03(ctx), await missingFrom025(ctx), spelledSnakeCase(ctx)]
      .filter((m) => m !== undefined)
      .join("; ");
    if (!missing) return verdict;
    return verdict.status === "fail"
      ? { ...verdict, message: `${verdict.message}; ${missing}` }
      : fail(missing);
  },
});

/**
 * A card without protocolVersion before a 0.2 agent that serves a method only 0.2.5 has: the agent follows
 * 0.2.5 or later, whose schema requires the field (AgentCard.required at v0.2.5). Seen at first sight: the
 * missing version passed, read as 0.2.0 to 0.2.4.
 */
async function missingFrom025(ctx: CheckContext): Promise<string | undefined> {
  const card = ctx.rawCard;
  if (ctx.generation !== "0.2" || typeof card !== "object" || card === null || "protocolVersion" in card)
    return undefined;
  const shown = await servedFrom0_2_5(ctx);
  return shown
    ? `the card has no protocolVersion, which A2A 0.2.5 requires (AgentCard schema), although the agent serves ${shown.method}, which came with 0.2.5`
    : undefined;
}

/** The members every generation's card requires, by their JSON (camelCase) names. */
const REQUIRED = [
  "name",
  "description",
  "version",
  "capabilities",
  "defaultInputModes",
  "defaultOutputModes",
  "skills",
];

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Required members present only under their snake_case spelling. The card is read leniently (the rest of
 * the suite uses them), but judged strictly: the JSON names are camelCase (the 0.2/0.3 schemas; 1.0.1 §5.5:
 * "All JSON serializations of the A2A protocol data model MUST use camelCase naming for field names"), so
 * a client reading the card finds these members missing.
 */
function spelledSnakeCase(ctx: CheckContext): string | undefined {
  const card = ctx.rawCard;
  if (typeof card !== "object" || card === null) return undefined;
  const snake = REQUIRED.filter((name) => !(name in card) && snakeCase(name) in card);
  if (snake.length === 0) return undefined;
  const named = snake.map((name) => `${name} (spelled ${snakeCase(name)})`).join(", ");
  return `required members present only in snake_case: ${named}; the card's JSON names are camelCase (A2A 0.3 §5.5 schema, 1.0.1 §5.5: JSON field names MUST be camelCase)`;
}

/**
 * The wire decides the version, so an agent that answers 0.3 methods owes the card members 0.3 requires:
 * protocolVersion (§5.5) and preferredTransport (§5.6.1: "REQUIRED and MUST be present in every AgentCard";
 * the published schema gives it a default, the text does not). On a 0.2 wire neither is owed: protocolVersion
 * is required only from 0.2.5 (a card without it reads as 0.2.0–0.2.4, whose methods are the same) and
 * preferredTransport came with 0.3. (1.0 moves both into each interface.) A missing protocolVersion has no
 * proxy mutation that proves the rule on every agent: without the field most 0.3 agents read as 0.2 on the
 * wire, which is owed nothing; the reference agent's flaw card-missing-protocol-version, which answers a
 * 0.3-only method, proves it. A missing preferredTransport changes no reading: its mutation plays everywhere.
 */
function missingOn03(ctx: CheckContext): string | undefined {
  if (ctx.generation !== "0.3") return undefined;
  const card = ctx.rawCard;
  if (typeof card !== "object" || card === null) return undefined;
  const missing = [
    ...("protocolVersion" in card ? [] : ["protocolVersion (required: A2A 0.3 §5.5)"]),
    ...("preferredTransport" in card
      ? []
      : ["preferredTransport (A2A 0.3 §5.6.1: REQUIRED and MUST be present in every AgentCard)"]),
  ];
  if (missing.length === 0) return undefined;
  return `the card has no ${missing.join(" and no ")}, although the agent speaks A2A 0.3`;
}
