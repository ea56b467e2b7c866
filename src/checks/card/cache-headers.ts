import { defineCheck, fail, pass } from "../define.js";
import { cardEvidence } from "../support/card-traffic.js";
import type { CheckContext, CheckVerdict } from "../types.js";

export default defineCheck({
  id: "card.cache-headers",
  title: "The card response can be cached (Cache-Control and ETag)",
  category: "card",
  level: "SHOULD",
  quote: {
    spec: "A2A 1.0.1 §8.6.1",
    text: "Agent Card HTTP endpoints SHOULD include a `Cache-Control` response header with a `max-age` directive appropriate for the agent's expected update frequency",
  },
  requirement:
    "The card endpoint sends Cache-Control (with max-age) and an ETag; Last-Modified MAY be added.",
  spec: "A2A 1.0 §8.6 (card caching)",
  tck: ["CARD-CACHE-001", "CARD-CACHE-002"],
  recommendation:
    'Send e.g. "Cache-Control: public, max-age=300" and an ETag (a hash of the card) with the card, and answer If-None-Match with 304.',
  selfTest: [
    { flaw: "card-no-cache-headers", protocols: ["1.0"], violates: ["CARD-CACHE-001", "CARD-CACHE-002"] },
  ],
  scope: "agent",
  generations: ["1.0"],
  run: (ctx) => Promise.resolve(judge(ctx)),
});

function judge(ctx: CheckContext): CheckVerdict {
  const headers = Object.fromEntries(Object.entries(ctx.cardHeaders).map(([k, v]) => [k.toLowerCase(), v]));
  const missing = ["cache-control", "etag"].filter((h) => !headers[h]);
  const evidence = cardEvidence(ctx);
  if (missing.length > 0)
    return fail(`the card response has no ${missing.join(" and no ")} header`, evidence);
  // The clause asks for a max-age directive, not the header alone (`no-store` tells a client nothing of how long).
  if (!/(?:^|,)\s*(?:s-)?max-age\s*=\s*\d+/i.test(headers["cache-control"] ?? ""))
    return fail(
      `the card response's Cache-Control (${headers["cache-control"]}) has no max-age directive (1.0.1 §8.6.1)`,
      evidence,
    );
  return pass(`Cache-Control: ${headers["cache-control"]}; ETag: ${headers.etag}`, evidence);
}
