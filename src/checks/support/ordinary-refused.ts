import type { CheckContext } from "../types.js";

/**
 * The ordinary message's refusal, when it was refused as InvalidParams (-32602) and made no task (seen at first
 * sight: an agent that wants params of its own refuses every message so): a check that passes on a -32602
 * refusal shows nothing then, and says why. Undefined otherwise. Its refused send is send-returns-task's finding.
 */
export async function ordinaryRefusedAsInvalidParams(ctx: CheckContext): Promise<string | undefined> {
  const ordinary = await ctx.fixtures.settledTask();
  return !ordinary.ok && !ordinary.sent && /\(-32602\)/.test(ordinary.reason) ? ordinary.reason : undefined;
}
