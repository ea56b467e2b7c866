import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import {
  NO_CREDENTIALS_IN_FORCE,
  credentialsInForce,
  probeWithoutCredentials,
} from "../support/auth-probe.js";

export default defineCheck({
  id: "auth.challenge",
  title: "A 401 carries a WWW-Authenticate challenge",
  category: "auth",
  level: "SHOULD",
  quote: {
    spec: "A2A 1.0.1 §3.3.2",
    text: "Servers SHOULD include authentication challenge information in the error response",
  },
  requirement:
    "An HTTP 401 for a missing credential includes WWW-Authenticate naming the scheme to use (RFC 9110 §11.6.1), so clients know how to authenticate; a refusal inside an HTTP 200 body (a JSON-RPC error) carries neither the status 0.3 §4.4 asks for nor a challenge.",
  spec: "A2A 0.3 §4 (401 with WWW-Authenticate), 1.0 §7 (SHOULD include a challenge)",
  recommendation: 'Add a challenge to every 401, e.g. WWW-Authenticate: Bearer realm="your-agent".',
  selfTest: [{ flaw: "auth-no-challenge", protocols: ["1.0"] }],
  scope: "transport",
  bindings: ["JSONRPC", "HTTP+JSON"],
  run: async (ctx) => {
    const force = await credentialsInForce(ctx);
    if (!force.inForce && !force.probe?.inconclusive) return notApplicable(NO_CREDENTIALS_IN_FORCE);
    const probe = force.probe ?? (await probeWithoutCredentials(ctx, "missing"));
    if (probe.inconclusive) return skip(`a request without credentials got no answer: ${probe.inconclusive}`);
    // Refused inside an HTTP 200 body: no 401 (0.3 §4.4 SHOULD) and no challenge to read (1.0.1 §3.3.2 SHOULD).
    if (probe.inBand && !probe.challenge)
      return fail(
        `a request without credentials was refused inside the reply's body, ${probe.answer}, with no 401 or 403 and no WWW-Authenticate challenge naming the scheme to use`,
        probe.evidence,
      );
    if (probe.httpStatus !== 401)
      return skip(`a request without credentials got ${probe.answer}, not 401; nothing to challenge`);
    if (!probe.challenge)
      return fail("the 401 for a missing credential has no WWW-Authenticate header", probe.evidence);
    return pass(`401 with WWW-Authenticate: ${probe.challenge}`, probe.evidence);
  },
});
