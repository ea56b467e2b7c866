import { issueText } from "../../view/issue-text.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { cardRequests, sides } from "../support/peer.js";
import type { CheckContext, CheckVerdict } from "../types.js";

export default defineCheck({
  id: "interop.cards-valid",
  title: "Both agents publish a valid card",
  category: "interop",
  level: "MUST",
  requirement:
    "For two agents to work together, each discovers the other's card at the well-known URI, and both cards are valid (no validation errors).",
  spec: "A2A 0.3 §5, 1.0 §5.7, §8.2 (agent card)",
  quote: { spec: "A2A 1.0 §8.1", text: "A2A Servers MUST make an Agent Card available." },
  recommendation:
    "Fix the card errors Plainwright lists for the named agent; run plainwright conform on that agent alone for details.",
  noSelfTest: "failed by the peer test in run-conformance.test.ts",
  scope: "agent",
  needs: ["peer"],
  run: (ctx) => Promise.resolve(judge(ctx)),
});

function judge(ctx: CheckContext): CheckVerdict {
  if (!ctx.peer) return skip("no --peer agent was given");
  const both = sides(ctx, ctx.peer);
  const evidence = both.flatMap((side) => cardRequests(ctx, side));
  const problems = both.flatMap((side) =>
    side.validation.errors.length === 0
      ? []
      : [
          `the ${side.label}'s card (${side.url}) has errors: ${side.validation.errors.map(issueText).join("; ")}`,
        ],
  );
  if (problems.length > 0) return fail(problems.join("; "), evidence);
  return pass(
    `both cards are valid: ${both.map((s) => `${s.validation.card.name ?? s.url} (A2A ${s.validation.card.generation})`).join(" and ")}`,
    evidence,
  );
}
