import { defineCheck, fail, pass, skip } from "../define.js";
import { cardDeclaresSecurity, credentialsInForce, probeWithoutCredentials } from "../support/auth-probe.js";
import type { CheckContext } from "../types.js";

/**
 * The pass of a card that declares no security over an endpoint that served a GetTask without credentials, in
 * words that do not claim more: an agent may refuse a message without credentials still (auth-probe.ts sends
 * one), which auth.missing-credential-refused judges.
 */
async function undeclaredPass(ctx: CheckContext, where: string, answer: string, evidence: string[]) {
  const { send, legacyClaim } = await credentialsInForce(ctx);
  if (!send?.refused)
    return pass(`the card declares no security and ${where} serves requests without credentials`, evidence);
  const named = legacyClaim ? ` (only 0.1-style authentication: ${legacyClaim.join(", ")})` : "";
  return pass(
    `the card declares no security scheme${named}; ${where} served a GetTask without credentials (${answer}) but refused a message without them (${send.answer}): auth.missing-credential-refused judges that`,
    [...evidence, ...send.evidence],
  );
}

export default defineCheck({
  id: "card.security-consistent",
  title: "The card's security schemes match what the endpoint enforces",
  category: "card",
  level: "MUST",
  requirement:
    "When the card requires a security scheme, a task request without credentials is refused (401/403); when it declares none, such a request is not refused for lack of credentials.",
  spec: "A2A 0.3 §5.5 (securitySchemes, security), 1.0 §5.7 (securityRequirements), §7",
  quote: {
    spec: "A2A 1.0 §7.4",
    text: "The A2A Server: … MUST authenticate every incoming request based on the provided credentials and its declared authentication requirements.",
  },
  recommendation:
    "Declare in securitySchemes and security/securityRequirements exactly the credentials the task endpoints check, so clients know what to send.",
  selfTest: [
    { flaw: "auth-undeclared", protocols: ["1.0"] },
    { flaw: "auth-not-enforced", protocols: ["1.0"] },
  ],
  scope: "agent",
  run: async (ctx) => {
    const declared = cardDeclaresSecurity(ctx);
    const probe = await probeWithoutCredentials(ctx, "missing");
    if (probe.inconclusive) return skip(`a request without credentials got no answer: ${probe.inconclusive}`);
    const where = `${ctx.transport} ${ctx.endpoint.url}`;
    if (declared && !probe.refused)
      return fail(
        `the card requires ${Object.keys(ctx.validation.card.securitySchemes).join(", ") || "credentials"}, but ${where} answered a request without credentials with ${probe.answer}`,
        probe.evidence,
      );
    if (!declared && probe.refused)
      return fail(
        `${where} refused a request without credentials (${probe.answer}) but the card declares no security scheme`,
        probe.evidence,
      );
    if (declared)
      return pass(
        `the card requires credentials and ${where} refuses a request without them (${probe.answer})`,
        probe.evidence,
      );
    return undeclaredPass(ctx, where, probe.answer, probe.evidence);
  },
});
