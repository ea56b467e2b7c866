import { defineCheck, fail, pass, skip } from "../define.js";
import {
  credentialsInForce,
  probeWithoutCredentials,
  withoutCredentialsInForce,
} from "../support/auth-probe.js";

export default defineCheck({
  id: "auth.wrong-credential-refused",
  title: "A task request with a wrong credential is refused",
  category: "auth",
  level: "MUST",
  requirement:
    "When the card requires credentials, a task request carrying an invalid credential (a bearer token or API key the agent never issued) is refused: HTTP 401/403 or another refusal the request with the run's credential does not get, gRPC UNAUTHENTICATED/PERMISSION_DENIED.",
  spec: "A2A 0.3 §4, 1.0 §7 (authentication), §4.3 generic errors",
  tck: ["AUTH-SERVER-002", "BIND-EQUIV-004"],
  quote: {
    spec: "A2A 1.0 §3.3.2",
    text: "Servers MUST reject requests with invalid or missing authentication credentials",
  },
  recommendation:
    "Validate the credential itself (signature, expiry, or lookup), not merely its presence, before handling any task method.",
  selfTest: [
    { flaw: "auth-not-enforced", protocols: ["1.0"], violates: ["AUTH-SERVER-002"] },
    { flaw: "auth-any-token", protocols: ["0.3"], violates: ["AUTH-SERVER-002"] },
  ],
  scope: "transport",
  run: async (ctx) => {
    const nothingToJudge = withoutCredentialsInForce(await credentialsInForce(ctx));
    if (nothingToJudge) return nothingToJudge;
    const probe = await probeWithoutCredentials(ctx, "wrong");
    if (probe.inconclusive)
      return skip(`a request with a wrong credential got no answer: ${probe.inconclusive}`);
    if (!probe.refused)
      return fail(
        `a GetTask with a made-up credential was answered with ${probe.answer}, not refused`,
        probe.evidence,
      );
    return pass(`a GetTask with a made-up credential was refused with ${probe.answer}`, probe.evidence);
  },
});
