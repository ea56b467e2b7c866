import { defineCheck, fail, pass, skip } from "../define.js";
import {
  type AuthProbe,
  type CredentialsInForce,
  credentialsInForce,
  probeWithoutCredentials,
  withoutCredentialsInForce,
} from "../support/auth-probe.js";
import type { CheckContext } from "../types.js";

/** The refusal to judge, and which request got it: the GetTask's, else the message's (an agent may refuse sends only). */
async function refusalOf(
  ctx: CheckContext,
  force: CredentialsInForce,
): Promise<{ probe: AuthProbe; what: string }> {
  if (force.probe && !force.probe.refused && force.send?.refused)
    return { probe: force.send, what: "a message" };
  return { probe: force.probe ?? (await probeWithoutCredentials(ctx, "missing")), what: "a GetTask" };
}

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
    "A request without credentials is refused with HTTP 401 (or 403) and the 401 includes WWW-Authenticate naming the scheme to use (RFC 9110 §11.6.1), so clients know how to authenticate; a refusal with another status (402 Payment Required, 400) or inside an HTTP 200 body (a JSON-RPC error) carries neither the status 0.2.5 and 0.3 §4.4 ask for nor a challenge.",
  spec: "A2A 0.2.5 §4.4, 0.3 §4.4 (SHOULD use 401/403; SHOULD include WWW-Authenticate with a 401), 1.0.1 §3.3.2 (SHOULD include a challenge)",
  recommendation:
    'Refuse a missing credential with 401 and a challenge, e.g. WWW-Authenticate: Bearer realm="your-agent".',
  selfTest: [{ flaw: "auth-no-challenge", protocols: ["1.0"] }],
  scope: "transport",
  bindings: ["JSONRPC", "HTTP+JSON"],
  run: async (ctx) => {
    const force = await credentialsInForce(ctx);
    const nothingToJudge = withoutCredentialsInForce(force);
    if (nothingToJudge) return nothingToJudge;
    const { probe, what } = await refusalOf(ctx, force);
    if (probe.inconclusive) return skip(`a request without credentials got no answer: ${probe.inconclusive}`);
    // Refused inside an HTTP 200 body: no 401 (0.3 §4.4 SHOULD) and no challenge to read (1.0.1 §3.3.2 SHOULD).
    if (probe.inBand && !probe.challenge)
      return fail(
        `${what} without credentials was refused inside the reply's body, ${probe.answer}, with no 401 or 403 and no WWW-Authenticate challenge naming the scheme to use`,
        probe.evidence,
      );
    if (!probe.refused)
      return skip(`${what} without credentials got ${probe.answer}, no refusal; nothing to challenge`);
    // 0.2.5 and 0.3 §4.4: the server "SHOULD use standard HTTP status codes like 401 Unauthorized or 403
    // Forbidden for authentication challenges or rejections" and "SHOULD include relevant HTTP headers (e.g.,
    // WWW-Authenticate) with 401 Unauthorized responses to indicate the required authentication scheme(s)".
    if (probe.httpStatus === 403)
      return skip(`${what} without credentials got ${probe.answer}, not 401; nothing to challenge`);
    if (probe.httpStatus !== undefined && probe.httpStatus !== 401)
      return fail(
        `${what} without credentials was refused with ${probe.answer}: HTTP ${probe.httpStatus}, not 401 or 403, ${probe.challenge ? `though with WWW-Authenticate: ${probe.challenge}` : "and with no WWW-Authenticate challenge naming the scheme to use"}`,
        probe.evidence,
      );
    if (probe.httpStatus !== 401)
      return skip(`${what} without credentials got ${probe.answer}, not 401; nothing to challenge`);
    if (!probe.challenge)
      return fail(`the 401 for ${what} without credentials has no WWW-Authenticate header`, probe.evidence);
    return pass(`401 with WWW-Authenticate: ${probe.challenge}`, probe.evidence);
  },
});
