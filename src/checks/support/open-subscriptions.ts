import { activeStates } from "../../protocol/model.js";
import { skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { settledWithin } from "./time-box.js";

/**
 * The skip for subscriptions to task `id` that Plainwright stopped waiting on while the task still reads
 * submitted or working: open as they should be (1.0.1 §3.1.6 ends them at a terminal state), with no end to
 * compare; a task that never ends (seen at first sight: one left submitted for good) is
 * lifecycle.reaches-terminal's finding. Undefined when the task is over or waits for input: then the
 * subscriptions are judged.
 */
export async function stillAtWork(
  ctx: CheckContext,
  id: string,
  evidence: string[],
): Promise<CheckVerdict | undefined> {
  const now = await ctx.client.getTask(id);
  evidence.push(...now.trafficIds);
  if (!now.ok || !activeStates.has(now.value.state)) return undefined;
  return skip(
    `task ${id} was still ${now.value.rawState} when Plainwright stopped waiting on its subscriptions, which stay open as they should while it works: no end to compare (a task that never ends is lifecycle.reaches-terminal's)`,
  );
}

/**
 * Subscriptions to task `id`, waited on within the check's time so that a task that never ends cannot hold the
 * check past its time box: after most of that time, the skip of stillAtWork; a task over or waiting for input
 * is waited on to the end, as before.
 */
export async function subscriptionsWithin<T>(
  ctx: CheckContext,
  id: string,
  watching: Promise<T>,
  evidence: string[],
): Promise<T | CheckVerdict> {
  const done = await settledWithin(watching, ctx.timeoutMs * 0.6);
  if (done !== undefined) return done;
  return (await stillAtWork(ctx, id, evidence)) ?? watching;
}

/** Whether a value is a check's verdict (subscriptionsWithin gave up waiting), not the subscriptions. */
export const isVerdict = (value: unknown): value is CheckVerdict =>
  typeof value === "object" && value !== null && "status" in value && "message" in value;
