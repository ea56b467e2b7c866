import type { CheckContext } from "../types.js";

/**
 * The ordinary message's refusal, when it was refused as InvalidParams (-32602) and made no task (seen at first
 * sight: an agent that wants params of its own refuses every message so): a check that passes on a -32602
 * refusal shows nothing then, and says why. Undefined otherwise. Its refused send is send-returns-task's finding.
 */
export function ordinaryRefusedAsInvalidParams(ctx: CheckContext): Promise<string | undefined> {
  return ordinaryRefusedWith(ctx, -32602);
}

/**
 * The ordinary message's refusal, when it was refused with the same JSON-RPC `code` and made no task (seen at
 * first sight: an agent that serves sends only for a skill named in metadata of its own refuses every message
 * -32004): a refusal of a probe with that code shows nothing of the probe. Undefined otherwise.
 */
export async function ordinaryRefusedWith(ctx: CheckContext, code: number): Promise<string | undefined> {
  const ordinary = await ctx.fixtures.settledTask();
  return !ordinary.ok && !ordinary.sent && ordinary.reason.includes(`(${code})`)
    ? ordinary.reason
    : undefined;
}
