import { defineCheck, fail, pass } from "../define.js";
import { cardEvidence, getWithoutCredentials, isJsonObject } from "../support/card-traffic.js";

const CURRENT = "/.well-known/agent-card.json";
const LEGACY = "/.well-known/agent.json";

export default defineCheck({
  id: "card.well-known-path",
  title: "The card is published at /.well-known/agent-card.json",
  category: "card",
  level: "SHOULD",
  levelReason:
    "A2A 0.3 §5.3 calls /.well-known/agent-card.json the recommended location, and clients may be configured with any card URL (0.3 §5.2, 1.0.1 §8.2), so another path is a discovery problem, not a protocol violation.",
  requirement:
    "From A2A 0.3 on, the card lives at /.well-known/agent-card.json; /.well-known/agent.json is the 0.1/0.2 location that current clients no longer try first.",
  spec: "A2A 0.3 §5.3, 1.0 §8.2 (well-known URI)",
  recommendation:
    "Serve the card at /.well-known/agent-card.json (you may keep agent.json as well for older clients).",
  selfTest: [{ flaw: "card-legacy-path-only", protocols: ["1.0"] }],
  scope: "agent",
  generations: ["0.3", "1.0"],
  run: async (ctx) => {
    const url = new URL(ctx.cardUrl);
    if (url.pathname.endsWith(CURRENT))
      return pass(`the card was found at ${ctx.cardUrl}`, cardEvidence(ctx));
    // A card found elsewhere (at the legacy path, or at a URL the user gave): is it also where clients look?
    const current = url.pathname.endsWith(LEGACY)
      ? new URL(url.pathname.slice(0, -LEGACY.length) + CURRENT, url)
      : new URL(CURRENT, url.origin);
    const res = await getWithoutCredentials(ctx, current.toString(), "card (current path)");
    if (typeof res !== "string" && res.status === 200 && isJsonObject(res.body))
      return pass(`the card is at ${current.toString()} too`, res.trafficId ? [res.trafficId] : []);
    const why = typeof res === "string" ? res : `HTTP ${res.status}`;
    const evidence = [
      ...cardEvidence(ctx),
      ...(typeof res !== "string" && res.trafficId ? [res.trafficId] : []),
    ];
    const where = url.pathname.endsWith(LEGACY)
      ? `only at the legacy ${ctx.cardUrl}`
      : `only at ${ctx.cardUrl}`;
    return fail(`the card is ${where}; ${current.toString()} answered ${why}`, evidence);
  },
});
