import { activeStates, type Task } from "../../protocol/model.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { waitForSettled } from "../fixtures.js";
import { rawListedTasks, statusTimeMs } from "../support/raw-tasks.js";
import { onTwoListedTasks } from "./list-tasks.js";

/**
 * TaskStatus.timestamp is optional, so the order is judged by what the suite knows: its first task had ended
 * when the second was sent, so the second was updated last and must come first.
 */
function orderWithoutTimestamps(
  made: readonly [Task, Task],
  listed: ReadonlyArray<Record<string, unknown>>,
  contextId: string,
  evidence: string[],
): CheckVerdict {
  const [first, second] = made;
  const at = (task: Task) => listed.findIndex((t) => t.id === task.id);
  if (activeStates.has(first.state) || at(first) < 0 || at(second) < 0)
    return skip(
      "the listed tasks carry no status timestamp, and the suite's own two tasks give no order to judge (the first had not ended when the second was sent, or one is not listed)",
    );
  if (at(second) > at(first))
    return fail(
      `ListTasks of context ${contextId} lists task ${first.id} before task ${second.id}, which was sent after the first had ended: not newest first (the tasks carry no timestamp)`,
      evidence,
    );
  return pass(
    `the tasks of context ${contextId} carry no status timestamp; the one the suite sent last is listed first`,
    evidence,
  );
}

/** The second case's outcome: a failure, or why the order of a later update was not judged. */
type UpdateOrder = { failed: CheckVerdict } | { note: string; evidence: string[] };

/**
 * The newer task of the second case, ended: a second running task (sent without waiting or streamed, as the
 * fixture finds one: an agent that ignores returnImmediately still streams), canceled, else waited for.
 */
async function endedNewer(ctx: CheckContext, evidence: string[]): Promise<Task | string> {
  const running = await ctx.fixtures.runningTask();
  evidence.push(...running.evidence);
  if (!running.ok) return `no second running task (${running.reason})`;
  const canceled = await ctx.client.cancelTask(running.value.id);
  evidence.push(...canceled.trafficIds);
  if (canceled.ok && !activeStates.has(canceled.value.state)) return canceled.value;
  const settled = await waitForSettled(ctx.client, running.value, ctx.timeoutMs / 4);
  evidence.push(...settled.evidence);
  return settled.ok ? settled.value : `the newer task did not end (${settled.reason})`;
}

/**
 * The order by last update rather than by creation (1.0.1 §3.1.4): a task still running is canceled after
 * a newer one of its context has ended, so the older task was updated last and must come first. An agent
 * that sorts by creation lists the newer first (seen at first sight on a 1.0 bridge whose first case passed).
 */
async function olderUpdatedLast(ctx: CheckContext): Promise<UpdateOrder> {
  const older = await ctx.fixtures.runningTask();
  const evidence = [...older.evidence];
  const unjudged = (why: string): UpdateOrder => ({ note: why, evidence });
  if (!older.ok) return unjudged(`no running task to update after a newer one (${older.reason})`);
  const { id } = older.value;
  const newer = await endedNewer(ctx, evidence);
  if (typeof newer === "string") return unjudged(newer);
  const canceled = await ctx.client.cancelTask(id);
  evidence.push(...canceled.trafficIds);
  if (!canceled.ok) return unjudged(`the running task ${id} could not be canceled after the newer one ended`);
  const settled = await waitForSettled(ctx.client, canceled.value, ctx.timeoutMs / 4);
  evidence.push(...settled.evidence);
  if (!settled.ok) return unjudged(`the canceled task did not end (${settled.reason})`);
  // Two tasks of one context are listed by it; of two contexts, the caller's whole list (newest first) holds both.
  const contextId = older.value.contextId === newer.contextId ? older.value.contextId : undefined;
  const listed = await ctx.client.listTasks({ ...(contextId ? { contextId } : {}), pageSize: 100 });
  evidence.push(...listed.trafficIds);
  const tasks = listed.ok ? rawListedTasks(listed.raw) : [];
  const at = (taskId: string) => tasks.findIndex((t) => t.id === taskId);
  if (at(id) < 0 || at(newer.id) < 0) return unjudged("ListTasks did not list both tasks of the second case");
  const [olderAt, newerAt] = [statusTimeMs(tasks[at(id)] ?? {}), statusTimeMs(tasks[at(newer.id)] ?? {})];
  // The agent's own timestamps decide: its last write of a canceled task may land after the cancel's reply
  // (seen on the reference agent under load), so what the suite did is no proof of the order here. A tie, or a
  // stamp that was not moved on, leaves it open too.
  if (olderAt === undefined || newerAt === undefined)
    return unjudged("the statuses carry no timestamp to tell which of the two was updated last");
  if (olderAt <= newerAt)
    return unjudged(`the canceled task's status timestamp is not later than the newer task's`);
  if (at(id) > at(newer.id))
    return {
      failed: fail(
        `ListTasks${contextId ? ` of context ${contextId}` : ""} lists task ${newer.id} before task ${id}, which was created first but canceled after ${newer.id} had ended: sorted by creation, not by last update`,
        evidence,
      ),
    };
  return unjudged("");
}

/** The first case: the suite's two tasks, sent one after the other, listed in the order they were last updated. */
async function createdOrder(
  ctx: CheckContext,
  made: { tasks: [Task, Task]; evidence: string[]; contextId: string },
): Promise<CheckVerdict> {
  const { contextId } = made;
  const listed = await ctx.client.listTasks({ contextId, pageSize: 100 });
  const evidence = [...made.evidence, ...listed.trafficIds];
  if (!listed.ok) return fail(`ListTasks of context ${contextId}: ${describeFailure(listed)}`, evidence);
  const tasks = rawListedTasks(listed.raw);
  const times = tasks.map(statusTimeMs);
  if (tasks.length < 2)
    return skip(`ListTasks of context ${contextId} gave ${tasks.length} task(s): no order to judge`);
  if (times.some((t) => t === undefined))
    return orderWithoutTimestamps(made.tasks, tasks, contextId, evidence);
  const stamps = times as number[];
  const out = stamps.findIndex((t, i) => i > 0 && t > (stamps[i - 1] as number));
  if (out > 0)
    return fail(
      `ListTasks of context ${contextId} lists task ${String(tasks[out]?.id)} (updated ${new Date(stamps[out] as number).toISOString()}) after an older one: not newest first`,
      evidence,
    );
  return pass(`the ${tasks.length} tasks of context ${contextId} are listed newest first`, evidence);
}

export default defineCheck({
  id: "lifecycle.list-tasks-order",
  title: "ListTasks lists the most recently updated tasks first",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "ListTasks returns tasks sorted by their status timestamp, newest first: of two tasks, the one updated last comes first. Two cases: two tasks sent one after the other in one context; and an older task still running, canceled after a newer running one was canceled (an order by creation lists the newer first).",
  spec: "A2A 1.0 §3.1.4 (ListTasks: ordering)",
  tck: ["CORE-LIST-003"],
  quote: {
    spec: "A2A 1.0.1 §3.1.4",
    text: "Implementations MUST return tasks sorted by their status timestamp time in descending order (most recently updated tasks first).",
  },
  recommendation: "Sort ListTasks results by status.timestamp, descending, before paging.",
  selfTest: [
    {
      flaw: "list-tasks-oldest-first",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-LIST-003"],
    },
    {
      flaw: "list-tasks-oldest-first-untimed",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-LIST-003"],
    },
  ],
  ...onTwoListedTasks(async (ctx, made) => {
    const created = await createdOrder(ctx, made);
    // The second case adds to a first that passed; a first that could not judge leaves the order open.
    if (created.status !== "pass") return created;
    const updated = await olderUpdatedLast(ctx);
    if ("failed" in updated) return updated.failed;
    const also = updated.note
      ? ` (the order after a later update was not tested: ${updated.note})`
      : ", also when the older of two tasks is updated last";
    return pass(`${created.message}${also}`, [...(created.evidence ?? []), ...updated.evidence]);
  }),
});
