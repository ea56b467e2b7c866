import { activeStates, type Task } from "../../protocol/model.js";
import type { CheckVerdict } from "../types.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
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

export default defineCheck({
  id: "lifecycle.list-tasks-order",
  title: "ListTasks lists the most recently updated tasks first",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "ListTasks returns tasks sorted by their status timestamp, newest first: of two tasks in one context, the one updated last comes first.",
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
  }),
});
