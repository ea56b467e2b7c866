import { defineCheck, fail, pass, skip } from "../define.js";
import {
  credentialsInForce,
  probeWithoutCredentials,
  withoutCredentialsInForce,
} from "../support/auth-probe.js";

export default defineCheck({
  id: "auth.missing-credential-refused",
  title: "A task request without credentials is refused",
  category: "auth",
  level: "MUST",
  requirement:
    "When credentials are in force (the card requires them, or the agent refuses a request without them), every task endpoint authenticates every request at the transport layer and refuses one without credentials: HTTP 401/403 or another refusal the credentialed request does not get, gRPC UNAUTHENTICATED/PERMISSION_DENIED. A GetTask is a request like a message.",
  spec: "A2A 0.2.5 §4.4, 0.3 §4.4 (MUST authenticate every incoming request), 1.0 §7, §4.3 generic errors",
  tck: ["AUTH-SERVER-002", "BIND-EQUIV-004"],
  quote: {
    spec: "A2A 1.0 §3.3.2",
    text: "Servers MUST reject requests with invalid or missing authentication credentials",
  },
  recommendation:
    "Check the credentials the card declares before handling any task method (reads such as tasks/get and tasks/cancel too, not only sends), and answer a request without them with 401 (gRPC UNAUTHENTICATED).",
  selfTest: [{ flaw: "auth-not-enforced", protocols: ["1.0"], violates: ["AUTH-SERVER-002"] }],
  scope: "transport",
  run: async (ctx) => {
    // A card without security that is refused anyway is card.security-consistent's finding; here the
    // refusal itself is what is judged, so it passes.
    const force = await credentialsInForce(ctx);
    const nothingToJudge = withoutCredentialsInForce(force);
    if (nothingToJudge) return nothingToJudge;
    const probe = force.probe ?? (await probeWithoutCredentials(ctx, "missing"));
    if (probe.inconclusive) return skip(`a request without credentials got no answer: ${probe.inconclusive}`);
    // 0.2.5 §4.4 and 0.3 §4.4: "The A2A Server: MUST authenticate every incoming request based on the provided
    // HTTP credentials": an agent that refuses a message without credentials but serves a GetTask breaks it.
    if (!probe.refused && force.send?.refused)
      return fail(
        `a GetTask without credentials was answered with ${probe.answer}, though a message without credentials was refused with ${force.send.answer}: credentials are in force, and the agent serves a request without them`,
        [...probe.evidence, ...force.send.evidence],
      );
    if (!probe.refused)
      return fail(
        `a GetTask without credentials was answered with ${probe.answer}, not refused`,
        probe.evidence,
      );
    return pass(`a GetTask without credentials was refused with ${probe.answer}`, probe.evidence);
  },
});
