import { defineCheck, fail, pass, skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { cardEvidence, getWithoutCredentials, isJsonObject } from "../support/card-traffic.js";

export const CURRENT = "/.well-known/agent-card.json";
export const LEGACY = "/.well-known/agent.json";

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
  selfTest: [
    { flaw: "card-legacy-path-only", protocols: ["1.0"] },
    { flaw: "card-well-known-web-page", protocols: ["1.0"] },
  ],
  scope: "agent",
  generations: ["0.3", "1.0"],
  run: (ctx) => judgeWellKnownPath(ctx, CURRENT, LEGACY),
});

/**
 * The card at its version's recommended well-known path (`wanted`): found there, or also served there when it
 * was found at the other one (`other`); a card given at a URL of its own is direct configuration (0.3 §5.2).
 */
export async function judgeWellKnownPath(
  ctx: CheckContext,
  wanted: string,
  other: string,
): Promise<CheckVerdict> {
  const url = new URL(ctx.cardUrl);
  if (url.pathname.endsWith(wanted)) return pass(`the card was found at ${ctx.cardUrl}`, cardEvidence(ctx));
  // 0.3 §5.2 names direct configuration beside the well-known URI: a card given at a URL of its own is
  // allowed. One under the host's /.well-known/ uses the well-known strategy, under another name.
  const atOther = url.pathname.endsWith(other);
  if (!atOther && !url.pathname.startsWith("/.well-known/"))
    return skip(
      `the card URL ${ctx.cardUrl} was given directly, which A2A 0.3 §5.2 allows (direct configuration), not found at a well-known path`,
    );
  const there = atOther
    ? new URL(url.pathname.slice(0, -other.length) + wanted, url)
    : new URL(wanted, url.origin);
  const res = await getWithoutCredentials(ctx, there.toString(), `card (${wanted})`);
  if (typeof res !== "string" && res.status === 200 && isJsonObject(res.body))
    return pass(`the card is at ${there.toString()} too`, res.trafficId ? [res.trafficId] : []);
  const why = typeof res === "string" ? res : `HTTP ${res.status}`;
  const evidence = [
    ...cardEvidence(ctx),
    ...(typeof res !== "string" && res.trafficId ? [res.trafficId] : []),
  ];
  return fail(`the card is only at ${ctx.cardUrl}; ${there.toString()} answered ${why}`, evidence);
}
