import { generationOf } from "../../model/generation.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

export default defineCheck({
  id: "card.protocol-version-matches-wire",
  title: "The card states the protocol version the agent speaks on the wire",
  category: "card",
  level: "SHOULD",
  requirement:
    "The card's protocolVersion (0.2/0.3) or the interface's protocolVersion (1.0) names the version the endpoint speaks: clients pick method names, shapes and the A2A-Version header from it. A card that names another version sends every client to methods the agent does not know.",
  spec: "A2A 0.3 §5.5 AgentCard.protocolVersion, 1.0 §3.6 (version negotiation) and AgentInterface.protocolVersion",
  tck: ["VER-SERVER-001"],
  recommendation:
    'Set protocolVersion (0.3: on the card, e.g. "0.3.0"; 1.0: on each supportedInterfaces entry, e.g. "1.0") to the version your server library speaks.',
  levelReason:
    "No version of the spec says MUST about the card's protocolVersion matching the wire; a mismatch misleads every client, so it is a SHOULD.",
  selfTest: [
    { flaw: "card-version-lies-old", protocols: ["0.3"] },
    { flaw: "card-version-says-0-2", protocols: ["0.3"] },
  ],
  scope: "transport",
  run: async (ctx) => {
    const stated = ctx.endpoint.protocolVersion ?? ctx.validation.card.protocolVersion ?? undefined;
    const card = stated ? generationOf(stated) : ctx.validation.card.generation;
    if (!card)
      return ctx.generationOnWire
        ? fail(
            `the card's protocolVersion ${JSON.stringify(stated)} names no A2A version, and the agent speaks A2A ${ctx.generation} on the wire over ${ctx.transport}; the suite ran in ${ctx.generation}`,
          )
        : skip(
            `the card's protocolVersion ${JSON.stringify(stated)} names no A2A version, and none was confirmed on the wire`,
          );
    // Nothing to hold the card against where no answer confirmed a version (and the user forced none): the
    // run speaks the card's own there, and "the agent speaks it" would be the card's word repeated (first sight: a
    // pass on an HTTP+JSON interface whose every route was a 404 page).
    if (!ctx.generationOnWire && !ctx.generationForced) return answeredInCardVersion(ctx);
    // The run speaks what the agent's answers to the version probes showed (or what --protocol forced);
    // a 0.2 card stands as 0.2 unless the agent answered a method only 0.3 has or served the card at 0.3's path.
    // protocolVersion appeared in 0.2.5: a card without it claims nothing an 0.1 (or early 0.2) agent could break.
    if (!stated && (ctx.generation === "0.1" || ctx.generation === "0.2"))
      return pass(
        `the card states no protocolVersion (the field came with A2A 0.2.5) and the agent speaks A2A ${ctx.generation}`,
      );
    // 0.3 §5.5 requires the field: its absence is card.required-fields' finding where that check judged this
    // side's card, one defect, one failure; a card it judged as another generation's leaves it here.
    if (!stated && ctx.generation === "0.3")
      return !ctx.cardJudgedElsewhere
        ? skip("the card states no protocolVersion: card.required-fields reports it")
        : fail(
            `the card states no protocolVersion, which A2A 0.3 requires (§5.5), and the agent speaks A2A 0.3 on the wire over ${ctx.transport}`,
          );
    if (card === ctx.generation)
      return pass(
        stated
          ? `the card says A2A ${card} and the agent speaks A2A ${ctx.generation} over ${ctx.transport}`
          : `the card states no protocolVersion, its shape reads as A2A ${card}, and the agent speaks A2A ${ctx.generation} over ${ctx.transport}`,
      );
    return fail(
      `the card ${stated ? `says A2A ${card} ("${stated}")` : `states no protocolVersion (read as A2A ${card})`} but the agent speaks A2A ${ctx.generation} on the wire over ${ctx.transport}; the suite ran in ${ctx.generation}`,
    );
  },
});

/**
 * Where the version probes were inconclusive (an agent that answers an unknown method and a malformed send
 * alike), the suite's own message in the card's version: answered as a Task or Message, the agent speaks the
 * card's method names, and the card stands (seen at first sight: valid replies all run long, and this check said
 * it could not run). A refused message leaves nothing to compare.
 */
async function answeredInCardVersion(ctx: CheckContext): Promise<CheckVerdict> {
  const sent = await ctx.fixtures.send();
  if (!sent.ok)
    return {
      ...skip(
        `no A2A version was confirmed on the wire over ${ctx.transport} (the run speaks the card's A2A ${ctx.generation} there), and the suite's message was refused: nothing to compare the card with`,
      ),
      evidence: sent.evidence,
    };
  return pass(
    `the version probes were inconclusive, but the agent answered the suite's message in A2A ${ctx.generation}'s form, as the card says, over ${ctx.transport}`,
    sent.evidence,
  );
}
