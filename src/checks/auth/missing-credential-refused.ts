import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import {
  NO_CREDENTIALS_IN_FORCE,
  credentialsInForce,
  probeWithoutCredentials,
} from "../support/auth-probe.js";

export default defineCheck({
  id: "auth.missing-credential-refused",
  title: "A task request without credentials is refused",
  category: "auth",
  level: "MUST",
  requirement:
    "When the card requires credentials, every task endpoint authenticates every request at the transport layer and refuses one without credentials: HTTP 401/403, gRPC UNAUTHENTICATED/PERMISSION_DENIED.",
  spec: "A2A 0.3 §4, 1.0 §7 (authentication), §4.3 generic errors",
  tck: ["AUTH-SERVER-002", "BIND-EQUIV-004"],
  quote: {
    spec: "A2A 1.0 §3.3.2",
    text: "Servers MUST reject requests with invalid or missing authentication credentials",
  },
  recommendation:
    "Check the credentials the card declares before handling any task method, and answer a request without them with 401 (gRPC UNAUTHENTICATED).",
  selfTest: [{ flaw: "auth-not-enforced", protocols: ["1.0"], violates: ["AUTH-SERVER-002"] }],
  scope: "transport",
  run: async (ctx) => {
    // A card without security that is refused anyway is card.security-consistent's finding; here the
    // refusal itself is what is judged, so it passes.
    const force = await credentialsInForce(ctx);
    if (!force.inForce && !force.probe?.inconclusive) return notApplicable(NO_CREDENTIALS_IN_FORCE);
    const probe = force.probe ?? (await probeWithoutCredentials(ctx, "missing"));
    if (probe.inconclusive) return skip(`a request without credentials got no answer: ${probe.inconclusive}`);
    if (!probe.refused)
      return fail(
        `a GetTask without credentials was answered with ${probe.answer}, not refused`,
        probe.evidence,
      );
    return pass(`a GetTask without credentials was refused with ${probe.answer}`, probe.evidence);
  },
});
