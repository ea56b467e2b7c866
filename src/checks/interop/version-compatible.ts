import { generationOf, type ProtocolGeneration } from "../../model/generation.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { sides, type Side } from "../support/peer.js";

/**
 * The generations a card states: each 1.0 interface's own protocolVersion (1.0.1 §5.7 AgentInterface) and
 * the card's; its shape's generation when no version names one.
 */
function statedGenerations(side: Side): ProtocolGeneration[] {
  const card = side.validation.card;
  const versions = [...card.interfaces.map((i) => i.protocolVersion), card.protocolVersion];
  const named = versions.flatMap((v) => {
    const g = v ? generationOf(v) : undefined;
    return g ? [g] : [];
  });
  return named.length > 0 ? [...new Set(named)] : [card.generation];
}

/** What a side's card tells the other agent about the version to speak, checked against the wire. */
function versionProblem(side: Side): string | undefined {
  const card = side.validation.card;
  // protocolVersion came in 0.2.5: a 0.1 or early 0.2 card without it leaves nothing to guess.
  if (card.protocolVersion === null && (side.generation === "0.1" || side.generation === "0.2"))
    return undefined;
  if (card.protocolVersion === null)
    return `the ${side.label}'s card states no protocolVersion, so the other agent must guess which version to speak`;
  // A 1.0 card is 1.0-shaped whatever its interfaces state: the versions they name are what a peer reads.
  const stated = statedGenerations(side);
  if (!stated.includes(side.generation))
    return `the ${side.label}'s card says A2A ${stated.join(" and ")} but it speaks A2A ${side.generation}`;
  return undefined;
}

export default defineCheck({
  id: "interop.version-compatible",
  title: "Each agent's card and replies can be read at the other's version",
  category: "interop",
  level: "SHOULD",
  levelReason:
    "No clause binds two agents to each other's version: A2A 1.0.1 §3.6 describes how a client picks an interface, not a duty of the pair; whether two agents can talk is an interoperability judgement.",
  requirement:
    "Each card states the protocol version its interfaces speak, truthfully, so the other agent picks the right one (1.0 clients read 0.3 interfaces; a missing version means 0.3), and each agent's replies read as valid A2A of that version.",
  spec: "A2A 0.3 §5.5 (protocolVersion), 1.0 §3.6 (version negotiation), §5.7 AgentInterface.protocolVersion",
  recommendation:
    "State protocolVersion (0.3) or each interface's protocolVersion (1.0) exactly as the endpoint speaks it; an agent meant to serve older peers also lists an interface in their version.",
  noSelfTest: "failed by the peer test in run-conformance.test.ts",
  scope: "agent",
  needs: ["peer"],
  run: async (ctx) => {
    if (!ctx.peer) return skip("no --peer agent was given");
    const both = sides(ctx, ctx.peer);
    const problems = both.map(versionProblem).filter((p): p is string => p !== undefined);
    const sent = await Promise.all(both.map((side) => side.client.send({ text: side.message })));
    const evidence = sent.flatMap((s) => s.trafficIds);
    sent.forEach((outcome, i) => {
      const side = both[i];
      if (side && !outcome.ok && outcome.kind === "invalid")
        problems.push(`the ${side.label}'s reply is not valid A2A ${side.generation}: ${outcome.reason}`);
    });
    if (problems.length > 0) return fail(problems.join("; "), evidence);
    const [agent, peer] = both;
    return pass(
      `the agent speaks A2A ${agent.generation} and the peer A2A ${peer.generation}, each as its card states; both replies read as valid A2A`,
      evidence,
    );
  },
});
