import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { getWithoutCredentials, isJsonObject, servedOnlyWithVersion } from "../support/card-traffic.js";
import { versionAskedAgain } from "../../card/discover.js";
import { CURRENT } from "./well-known-path.js";

export default defineCheck({
  id: "card.well-known-uri-returns-card",
  title: "What the host serves at its well-known card URI is an agent card",
  category: "card",
  level: "MUST",
  requirement:
    "On the agent's host, /.well-known/agent-card.json either serves nothing (an error status: the card is configured directly, 1.0.1 §8.2) or returns an AgentCard, a JSON object, to a plain GET; a web page or other content answered 200 there breaks discovery, and so does a card refused to a GET without A2A-Version that a request carrying A2A-Version: 1.0 gets.",
  spec: "A2A 1.0.1 §14.3 (well-known URI registration), §8.2 (discovery)",
  quote: {
    spec: "A2A 1.0.1 §14.3",
    text: "The resource at this URI MUST return an AgentCard object as defined in Section 4.4.1 of the A2A specification.",
  },
  recommendation:
    "Serve the agent card at /.well-known/agent-card.json, or answer 404 there; do not let a web app's catch-all route answer that path with a page.",
  allowed: [
    {
      behaviour:
        "no resource at the well-known URI (404 or another error status) while the card is given directly",
      clause: "A2A 1.0.1 §8.2: direct configuration is a discovery strategy beside the well-known URI",
    },
  ],
  selfTest: [
    { flaw: "card-well-known-web-page", protocols: ["1.0"] },
    { flaw: "card-needs-version-header", protocols: ["1.0"] },
  ],
  scope: "agent",
  // The registration is 1.0.1's; 0.3 §5.3 only recommends the location.
  generations: ["1.0"],
  run: async (ctx) => {
    const wellKnown = new URL(CURRENT, new URL(ctx.cardUrl).origin).toString();
    const res = await getWithoutCredentials(ctx, wellKnown, `card (${CURRENT})`);
    if (typeof res === "string") return skip(`fetching ${wellKnown} failed: ${res}`);
    const evidence = res.trafficId ? [res.trafficId] : [];
    // A card refused for want of A2A-Version: a discovering client (RFC 8615, or a 0.3 client) sends none.
    const gated = await servedOnlyWithVersion(ctx, wellKnown, res);
    if (gated)
      return fail(
        `${wellKnown} answered HTTP ${res.status} to a GET without A2A-Version and returned the card only to one carrying A2A-Version: ${versionAskedAgain}: the resource at the well-known URI MUST return the AgentCard (A2A 1.0.1 §14.3), and a request without the header is read as 0.3's (§3.6.2), which a card listing its interfaces' versions serves too`,
        [...evidence, ...(gated.trafficId ? [gated.trafficId] : [])],
      );
    // 401/403 there is card.public's question (a protected card); any other error status serves nothing.
    if (res.status !== 200)
      return notApplicable(
        `${wellKnown} answered HTTP ${res.status}: the host serves nothing there, and the card was found at ${ctx.cardUrl}`,
      );
    if (isJsonObject(res.body)) return pass(`${wellKnown} returns a JSON object`, evidence);
    const type = res.headers["content-type"] ?? "no content type";
    return fail(
      `${wellKnown} answered HTTP 200 with ${type}, not an AgentCard (A2A 1.0.1 §14.3: the resource at this URI MUST return an AgentCard); the card is at ${ctx.cardUrl}`,
      evidence,
    );
  },
});
