import { oneZeroCard } from "../generation-sides.js";
import { chooseEndpoint } from "../reach.js";
import { defineRunKind } from "./define.js";
import type { CardOptions } from "./options.js";

/** `plainwright card`: the card found, validated with its signatures, and its endpoint chosen; nothing is sent. */
export const cardKind = defineRunKind<CardOptions>({
  kind: "card",
  result: "a2a",
  title: "find and validate the agent card and its signatures; no message is sent",
  reach: "judged",
  judgesSignatures: true,
  async execute(run, reached, request) {
    const endpoint = await chooseEndpoint(run, reached, request.policy);
    if (!endpoint) return run.finished!;
    request.onTarget?.({ agent: reached.agent, endpoint, ctx: reached.ctx });
    // An agent serving 1.0 beside an older generation shows its 1.0 card only to a 1.0 client.
    const other = await oneZeroCard(reached.agent, reached.ctx);
    if (other)
      run.result.warnings.push(
        `${other.note}: this validates the plain card; add -H 'A2A-Version: 1.0' to validate that one, and conform tests both`,
      );
    return run.finish(reached.cardFailure ? "failed" : "passed", reached.cardFailure);
  },
});
