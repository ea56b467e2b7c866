import { a2aCodes } from "../../protocol/error-codes.js";
import { validateCard } from "../../card/validate.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";

export default defineCheck({
  id: "card.extended-card",
  title: "A claimed extended agent card is served, or reported as not configured",
  category: "card",
  level: "MUST",
  requirement:
    "When the card claims capabilities.extendedAgentCard, GetExtendedAgentCard (with the credentials given) returns a valid agent card, or ExtendedAgentCardNotConfiguredError (-32007) when none is configured; never UnsupportedOperation.",
  spec: "A2A 1.0 §3.1.11 (Get Extended Agent Card), §3.3.4 (capability validation)",
  tck: ["CARD-EXT-002"],
  quote: {
    spec: "A2A 1.0.1 §3.3.4",
    text: "If the agent declares support but has not configured an extended card, it MUST return `ExtendedAgentCardNotConfiguredError`.",
  },
  recommendation:
    "Serve GetExtendedAgentCard when the card claims it: return the extended card to authenticated clients, or ExtendedAgentCardNotConfiguredError (-32007) until one is configured.",
  selfTest: [{ flaw: "card-claims-extended-card", protocols: ["1.0"], violates: ["CARD-EXT-002"] }],
  scope: "transport",
  needs: ["extendedAgentCard"],
  generations: ["1.0"],
  run: judgeExtendedCard,
});

/** The extended card's operation as the agent's version names it. */
const operationOf = (ctx: CheckContext): string =>
  ctx.generation === "1.0" ? "GetExtendedAgentCard" : "agent/getAuthenticatedExtendedCard";

/**
 * The extended card a card claims, read with the credentials given: a valid card, or the refusal that says
 * none is configured (-32007 in 0.3 and 1.0); a refusal of the credentials is not judged.
 */
export async function judgeExtendedCard(ctx: CheckContext): Promise<CheckVerdict> {
  const operation = operationOf(ctx);
  const got = await ctx.client.getExtendedCard();
  if (got.ok) {
    const validation = validateCard(got.value);
    // A problem the public card has too is card validation's finding, said once (seen at first sight: the
    // public card served as the extended one, its empty skills reported twice).
    const publicIssues = new Set(ctx.validation.errors.map((e) => `${e.path}\n${e.message}`));
    const [first] = validation.errors.filter((e) => !publicIssues.has(`${e.path}\n${e.message}`));
    if (first)
      return fail(
        `the extended card is not a valid agent card: ${first.path}: ${first.message}`,
        got.trafficIds,
      );
    const shared =
      validation.errors.length > 0 ? ", its problems those of the public card (reported there)" : "";
    return pass(`${operation} returned ${shared ? "an" : "a valid"} agent card${shared}`, got.trafficIds);
  }
  if (got.kind !== "error") return fail(`${operation}: ${describeFailure(got)}`, got.trafficIds);
  const { code, httpStatus, grpcStatus } = got.error;
  if (code === a2aCodes.extendedCardNotConfigured)
    return pass(
      `${operation} answered ExtendedAgentCardNotConfigured: claimed, not configured yet`,
      got.trafficIds,
    );
  if (
    httpStatus === 401 ||
    httpStatus === 403 ||
    grpcStatus === "UNAUTHENTICATED" ||
    grpcStatus === "PERMISSION_DENIED"
  )
    return skip(
      ctx.credentialsGiven
        ? `${operation} refused the credentials given: the extended card needs other ones`
        : `${operation} needs credentials (pass --bearer, --header ...)`,
    );
  return fail(
    `the card claims an extended card, but ${operation} answered ${errorCalled(got.error)} instead of the card or ExtendedAgentCardNotConfigured (-32007)`,
    got.trafficIds,
  );
}
