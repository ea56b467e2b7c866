import { describeCallFailure } from "../../client/describe-failure.js";
import type { Task } from "../../protocol/model.js";
import { waitForSettled, type Provided } from "../fixtures.js";
import { notApplicable, skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/**
 * A task of the check's own that waits for input (not the shared fixture: the check sends to it, and an
 * agent that wrongly accepts the message would spend the task other checks rely on). Undefined reason
 * prefix: the caller turns a failure into a skip. `messageId`: the id of the message that asks, when the
 * caller needs to find it again.
 */
export async function ownAskingTask(ctx: CheckContext, messageId?: string): Promise<Provided<Task>> {
  const text = await ctx.fixtures.askingMessage();
  if (!text)
    return {
      ok: false,
      reason: 'no message made the agent ask back; pass --hint input-required="..."',
      evidence: [],
    };
  const sent = await ctx.client.send({ text, ...(messageId ? { messageId } : {}) });
  if (!sent.ok)
    return { ok: false, reason: `send failed: ${describeCallFailure(sent)}`, evidence: sent.trafficIds };
  if (sent.value.kind !== "task")
    return { ok: false, reason: "the agent answered with a Message, not a Task", evidence: sent.trafficIds };
  const settled = await waitForSettled(ctx.client, sent.value, ctx.timeoutMs / 2);
  const evidence = [...sent.trafficIds, ...settled.evidence];
  if (!settled.ok) return { ...settled, evidence };
  if (settled.value.state !== "input-required")
    return {
      ok: false,
      reason: `the message that asked back ended ${settled.value.state} this time`,
      evidence,
    };
  return { ok: true, value: settled.value, evidence };
}

/**
 * The verdict when a check needed a task that asks back and got none: not applicable when no message
 * ever made the agent ask back (it shows no task that takes a second message), else a skip with why.
 */
export async function withoutAskingTask(ctx: CheckContext, reason: string): Promise<CheckVerdict> {
  if ((await ctx.fixtures.askingMessage()) === undefined)
    return notApplicable(
      'no message made the agent ask back (input-required), so it shows no task that takes a second message; pass --hint input-required="..." if it has one',
    );
  return skip(`no task waiting for input: ${reason}`);
}
