import { generationOf } from "../../model/generation.js";
import { defineCheck, skip } from "../define.js";
import { CURRENT, LEGACY, judgeWellKnownPath } from "./well-known-path.js";

export default defineCheck({
  id: "card.well-known-path-0x",
  title: "The card is published at /.well-known/agent.json (A2A 0.1, 0.2)",
  category: "card",
  level: "SHOULD",
  levelReason:
    "A2A 0.1 and 0.2 call /.well-known/agent.json the recommended location of the card (§5.3) and let a client be configured with any card URL: another path is a discovery problem for their clients, not a protocol violation. 0.3 and 1.0: card.well-known-path.",
  requirement:
    "An A2A 0.1 or 0.2 agent's card is at /.well-known/agent.json, where the clients of those versions look for it.",
  spec: "A2A 0.2.5 §5.3; 0.1 §5.3 (recommended location)",
  recommendation:
    "Serve the card at /.well-known/agent.json as well (0.3 moved it to agent-card.json; serving both reaches clients of every version).",
  noSelfTest:
    "The reference agent speaks 0.3 and 1.0 only: the mutation card-legacy-path-missing plays the deviation on the lab's 0.1 and 0.2 agents, and card.well-known-path shares this check's run and its flaw card-legacy-path-only.",
  scope: "agent",
  generations: ["0.1", "0.2"],
  run: (ctx) => {
    // A card claiming 0.3 or later where the wire speaks 0.1 or 0.2 sits at its claim's path: the wrong claim
    // is card.protocol-version-matches-wire's finding, reported once there.
    const stated = ctx.validation.card.protocolVersion;
    const claimed = stated ? generationOf(stated) : undefined;
    const path = new URL(ctx.cardUrl).pathname;
    if ((claimed === "0.3" || claimed === "1.0") && path.endsWith(CURRENT))
      return Promise.resolve(
        skip(
          `the card says A2A ${claimed} ("${stated}"), whose path it is served at, while the agent speaks A2A ${ctx.generation}: card.protocol-version-matches-wire reports the claim`,
        ),
      );
    // Judged only beside 0.3's own name: a card under a path of its own (a server of several agents serving
    // /.well-known/<agent>/agent-card.json, seen in the lab) is one a client is configured with (0.2.5 §5.3:
    // "if using the well-known URI strategy").
    if (!path.endsWith(LEGACY) && !path.endsWith(CURRENT))
      return Promise.resolve(
        skip(
          `the card was found at ${ctx.cardUrl}, a path of its own rather than a well-known name: nothing to judge`,
        ),
      );
    return judgeWellKnownPath(ctx, LEGACY, CURRENT);
  },
});
