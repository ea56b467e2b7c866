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
    return run.finish(reached.cardFailure ? "failed" : "passed", reached.cardFailure);
  },
});
