import { interruptedStates, type Task, type TaskState } from "../../protocol/model.js";
import type { Provided } from "../fixtures.js";
import { sendForTask } from "../settled-task.js";
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
  const input = { text, ...(messageId ? { messageId } : {}) };
  const settled = await sendForTask(ctx.client, input, ctx.timeoutMs / 2);
  const { evidence } = settled;
  if (!settled.ok) return settled;
  if (settled.value.state !== "input-required")
    return {
      ok: false,
      reason: `the message that asked back ended ${settled.value.state} this time`,
      evidence,
    };
  return { ok: true, value: settled.value, evidence };
}

/**
 * A task of the check's own that can take a second message: one waiting for input, else one still
 * working (A2A 1.0.1 §3.4.3 lets a client name any task that is not over). `waiting` says which.
 */
export async function ownOpenTask(ctx: CheckContext): Promise<Provided<Task> & { waiting?: boolean }> {
  const asked = await ownAskingTask(ctx);
  if (asked.ok) return { ...asked, waiting: true };
  // Each call of runningTask() sends a task of its own (only the survey behind it is shared).
  const running = await ctx.fixtures.runningTask();
  const evidence = [...asked.evidence, ...running.evidence];
  if (running.ok) return { ...running, evidence, waiting: false };
  return { ok: false, reason: `${asked.reason}; and ${running.reason}`, evidence };
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

/**
 * A task that is not over: the shared running one, else a new one of its own waiting for input (an
 * interrupted task is not terminal, A2A 1.0.1 §3.1.6, so an agent that asks back on every turn still has
 * tasks to cancel and to subscribe to). Its own: acting on the shared input-required fixture would take
 * it from other checks.
 */
export async function notOverTask(ctx: CheckContext): Promise<Provided<Task>> {
  const running = await ctx.fixtures.runningTask();
  if (running.ok) return running;
  const asking = await ownAskingTask(ctx);
  if (asking.ok) return { ...asking, evidence: [...running.evidence, ...asking.evidence] };
  // The running-task search may have said already that no task waited for input: said once, with why.
  const said = running.reason.endsWith("no task waited for input");
  const why = said
    ? `${running.reason} (${asking.reason})`
    : `${running.reason}; and no task waited for input (${asking.reason})`;
  return { ...running, reason: why };
}

/**
 * The verdict of a check that needs a finished task when no message made one finish. An agent whose tasks
 * wait for input has nothing finished to judge: waiting for input is a state the spec allows (A2A 0.3 §6.3,
 * 1.0.1 §4.1.3), so the check does not apply. A task still working could not be judged: it did not run.
 */
export function noFinishedTask(state: TaskState): CheckVerdict {
  const why = `no message made a task finish (the ordinary task ended ${state})`;
  return interruptedStates.has(state)
    ? notApplicable(`${why}: the agent's tasks wait for input, which A2A allows; nothing finished to judge`)
    : skip(why);
}
