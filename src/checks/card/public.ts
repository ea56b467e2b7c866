import { defineCheck, fail, pass } from "../define.js";
import { getWithoutCredentials, isJsonObject } from "../support/card-traffic.js";

export default defineCheck({
  id: "card.public",
  title: "The public agent card needs no credentials",
  category: "card",
  level: "SHOULD",
  levelReason:
    "The spec requires publishing a card and recommends the well-known URI (A2A 1.0 §8.2), but allows access control on a card with sensitive content (0.3 §5.4): a protected public card is a discovery problem, not a MUST violation.",
  requirement:
    "The card at the well-known URI is served to anyone: a GET without credentials returns it (200, a JSON object). Authentication applies to the task endpoints, not to the public card.",
  spec: "A2A 0.3 §5.3, 1.0 §8.2 (card discovery)",
  recommendation:
    "Serve /.well-known/agent-card.json without authentication; keep sensitive details in the extended (authenticated) card instead.",
  selfTest: [{ flaw: "card-behind-auth", protocols: ["0.3"] }],
  scope: "agent",
  run: async (ctx) => {
    const res = await getWithoutCredentials(ctx, ctx.cardUrl, "card (no credentials)");
    if (typeof res === "string") return fail(`fetching ${ctx.cardUrl} without credentials failed: ${res}`);
    const evidence = res.trafficId ? [res.trafficId] : [];
    if (res.status === 401 || res.status === 403)
      return fail(`${ctx.cardUrl} answered HTTP ${res.status} without credentials`, evidence);
    if (res.status !== 200)
      return fail(`${ctx.cardUrl} answered HTTP ${res.status} without credentials, not 200`, evidence);
    if (!isJsonObject(res.body))
      return fail(`${ctx.cardUrl} answered 200 without credentials, but not with a JSON object`, evidence);
    return pass(`${ctx.cardUrl} is served without credentials`, evidence);
  },
});
