import { defineCheck, fail, notSupported, pass, skip } from "../define.js";
import { getWithoutCredentials, isJsonObject, servedOnlyWithVersion } from "../support/card-traffic.js";

export default defineCheck({
  id: "card.public",
  title: "The public agent card needs no credentials",
  category: "card",
  level: "SHOULD",
  levelReason:
    "A2A 1.0.1 §14.3 registers the well-known URI as one that MUST return an AgentCard, and §8.2 names it for discovery; the card may still carry sensitive content behind access control (0.3 §5.4), so a protected card is a discovery problem, not a MUST violation, and on 0.x, where §5.4 is the only word, a note.",
  requirement:
    "The card at the well-known URI is served to anyone: a GET without credentials returns it (200, a JSON object). Authentication applies to the task endpoints, not to the public card.",
  spec: "A2A 0.3 §5.3, 1.0 §8.2 (card discovery)",
  recommendation:
    "Serve /.well-known/agent-card.json without authentication; keep sensitive details in the extended (authenticated) card instead.",
  allowed: [
    {
      behaviour: "a 0.x card that needs credentials (a not-supported note)",
      clause:
        "A2A 0.3 §5.4: if an Agent Card contains sensitive information, the endpoint serving the card MUST be protected by appropriate access controls",
    },
  ],
  selfTest: [{ flaw: "card-behind-auth", protocols: ["1.0"] }],
  scope: "agent",
  run: async (ctx) => {
    const res = await getWithoutCredentials(ctx, ctx.cardUrl, "card (no credentials)");
    if (typeof res === "string") return fail(`fetching ${ctx.cardUrl} without credentials failed: ${res}`);
    const evidence = res.trafficId ? [res.trafficId] : [];
    if ((res.status === 401 || res.status === 403) && ctx.validation.card.generation !== "1.0")
      return notSupported(
        `${ctx.cardUrl} answered HTTP ${res.status} without credentials: A2A 0.3 §5.4 lets a card be protected by access controls, but a client without them cannot discover the agent`,
        evidence,
      );
    if (res.status === 401 || res.status === 403)
      return fail(
        `${ctx.cardUrl} answered HTTP ${res.status} without credentials; the well-known URI MUST return the AgentCard (A2A 1.0.1 §14.3)`,
        evidence,
      );
    // A refusal for want of A2A-Version is no protection: on 1.0 the well-known URI's check judges it.
    const gated =
      ctx.validation.card.generation === "1.0" && (await servedOnlyWithVersion(ctx, ctx.cardUrl, res));
    if (gated)
      return skip(
        `${ctx.cardUrl} answered HTTP ${res.status} to a GET without A2A-Version and returned the card to one carrying it, with no credentials either way: card.well-known-uri-returns-card reports it`,
      );
    if (res.status !== 200)
      return fail(`${ctx.cardUrl} answered HTTP ${res.status} without credentials, not 200`, evidence);
    if (!isJsonObject(res.body))
      return fail(`${ctx.cardUrl} answered 200 without credentials, but not with a JSON object`, evidence);
    return pass(`${ctx.cardUrl} is served without credentials`, evidence);
  },
});
