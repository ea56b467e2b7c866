import type { CardIssue } from "../../model/result.js";
import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { cardSchemaIssues } from "../support/a2a-schema.js";
import { cardRulesOf } from "../support/card-issues.js";
import type { CheckContext } from "../types.js";

/**
 * The card reader's warnings on the security members are failed by no other check (card.capabilities and
 * card.optional-fields judge their own members' warnings), so they stay this check's to report.
 */
const SECURITY_MEMBERS = /^(securitySchemes|security|securityRequirements)([.[]|$)/;

/** Whether another check already reported an issue at this path or above it (reported once, by its rule). */
function reportedBy(ctx: CheckContext): (issue: CardIssue) => boolean {
  const warnings = ctx.validation.warnings.filter((w) => !SECURITY_MEMBERS.test(w.path));
  const known = [...ctx.validation.errors, ...warnings].map((i) => i.path);
  return (issue) =>
    known.some(
      (path) => issue.path === path || issue.path.startsWith(`${path}.`) || issue.path.startsWith(`${path}[`),
    );
}

/** Security requirements that name a scheme securitySchemes does not declare (a rule JSON Schema cannot state). */
function undeclaredSchemes(ctx: CheckContext): CardIssue[] {
  const declared = new Set(Object.keys(ctx.validation.card.securitySchemes));
  return ctx.validation.card.security.flatMap((requirement, i) =>
    Object.keys(requirement)
      .filter((name) => !declared.has(name))
      .map((name) => ({
        path: `security[${i}].${name}`,
        message: `security[${i}] requires scheme "${name}", which securitySchemes does not declare`,
      })),
  );
}

export default defineCheck({
  id: "card.schema-valid",
  title: "The card matches the spec's own schema, and its requirements name declared schemes",
  category: "card",
  level: "SHOULD",
  levelReason:
    "The schema marks these members required, but a client can still use the rest of the card; the members a client cannot do without (name, url, skills, capabilities...) are judged at MUST by card.required-fields.",
  requirement:
    "The card validates against the schema of its version: the JSON schema the A2A project publishes for 0.2 and 0.3, and for 1.0 the REQUIRED fields and types of the normative 1.0.1 a2a.proto in its ProtoJSON form (provider with organization and url; every security scheme with the fields its kind requires: API key name and location (0.3: in), HTTP scheme, OAuth2 flows with their URLs, OpenID Connect its URL), and every security requirement names a scheme securitySchemes declares.",
  spec: "A2A 1.0.1 §4.4.1 AgentCard, §4.4.2 AgentProvider, §4.5 security objects, §5.7 field presence, specification/a2a.proto at v1.0.1 (src/protocol/schemas/README.md); 0.3 §5.5 (AgentCard, AgentProvider, SecurityScheme) and specification/json/a2a.json at v0.3.0; 0.2.6 likewise",
  recommendation:
    "Validate the card against the schema of its version before serving it (0.x: the published a2a.json; 1.0: a ProtoJSON parser of a2a.proto that enforces REQUIRED fields); give every scheme the fields its kind requires and declare every scheme a requirement names.",
  selfTest: [
    { flaw: "card-provider-no-url", protocols: ["0.3", "1.0"] },
    { flaw: "card-scheme-incomplete", protocols: ["0.3", "1.0"] },
  ],
  scope: "agent",
  run: async (ctx) => {
    // The wire decides the version: a card claiming 0.1 on an agent that speaks 0.3 is judged as a 0.3 card;
    // a card claiming 0.3 on an agent that speaks 0.1 is held to its claim (cardRulesOf).
    const generation = cardRulesOf(ctx);
    const schema = await cardSchemaIssues(ctx.rawCard, generation);
    const reported = reportedBy(ctx);
    const all = [...(schema ?? []), ...undeclaredSchemes(ctx)];
    const found = all.filter((i) => !reported(i));
    if (found.length > 0) return fail(found.map((i) => i.message).join("; "));
    if (!schema) return notApplicable(`A2A ${generation} publishes no schema of the card`);
    const against =
      generation === "1.0"
        ? "the REQUIRED fields and types of the A2A 1.0.1 proto"
        : "the published JSON schema of its version";
    // A pass must not claim a valid card when the schema's problems are only reported elsewhere.
    const elsewhere = all.length - found.length;
    return pass(
      elsewhere === 0
        ? `the card validates against ${against}`
        : `nothing against ${against} beyond the ${elsewhere} problem(s) the card's validation lists already, as errors other checks judge or as warnings (at ${[...new Set(all.map((i) => i.path))].join(", ")})`,
    );
  },
});
