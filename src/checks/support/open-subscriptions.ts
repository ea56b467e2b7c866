import { describeFailure } from "../../client/describe-failure.js";
import { activeStates } from "../../protocol/model.js";
import { fail, skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/**
 * Subscriptions to task `id` that Plainwright stopped waiting on: open as they should be while the task still
 * works (1.0.1 §3.1.6 ends them at a terminal state; a task that never ends, seen at first sight: one left
 * submitted for good, is lifecycle.reaches-terminal's finding, and the check has no end to compare), a failure
 * when the task was over and they were not closed.
 */
export async function subscriptionsLeftOpen(
  ctx: CheckContext,
  id: string,
  before: readonly string[],
): Promise<CheckVerdict> {
  const now = await ctx.client.getTask(id);
  const evidence = [...before, ...now.trafficIds];
  if (now.ok && activeStates.has(now.value.state))
    return skip(
      `task ${id} was still ${now.value.rawState} when Plainwright stopped waiting on its subscriptions, which stayed open as they should while it works: no end to compare (a task that never ends is lifecycle.reaches-terminal's)`,
    );
  const state = now.ok ? now.value.rawState : `unreadable (${describeFailure(now)})`;
  return fail(`task ${id}: its subscriptions were not closed by its end (the task reads ${state})`, evidence);
}
