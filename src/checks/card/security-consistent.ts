import { defineCheck, fail, pass, skip } from "../define.js";
import { cardDeclaresSecurity, probeWithoutCredentials } from "../support/auth-probe.js";

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
    return pass(
      declared
        ? `the card requires credentials and ${where} refuses a request without them (${probe.answer})`
        : `the card declares no security and ${where} serves requests without credentials`,
      probe.evidence,
    );
  },
});
