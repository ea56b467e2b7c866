import { describeFailure } from "../../client/describe-failure.js";
import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { TERMINAL_IS_FINAL, watchWindowMs } from "./cancel-running.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default defineCheck({
  id: "lifecycle.canceled-stays-canceled",
  title: "A canceled task still reads canceled late in the run",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "A task lifecycle.cancel-running canceled and watched stay canceled is read once more in the run's late phase, no earlier than twice that watch after the cancel: it still reads canceled. Work the cancel did not stop may finish later than the watch (seen at first sight: a 60 s task whose completion overwrote its canceled state after the watch had ended).",
  spec: "A2A 0.3 §7.4, §6.3; 1.0 §3.1.5, §4.1.3",
  quote: {
    spec: "A2A 0.3 §11.1.2, §7.1",
    text: "MUST implement all of the following core methods via at least one supported transport: … `tasks/cancel` - Request task cancellation … A task which has reached a terminal state (completed, canceled, rejected, or failed) can't be restarted.",
  },
  recommendation:
    "On cancel, stop the task's work (or make it drop its result), so a finishing handler never writes a state over canceled.",
  noSelfTest:
    "src/checks/lifecycle/cancel-running.test.ts: a hand-written agent whose canceled task turns completed after cancel-running's watch. No mutation plays it: the proxy cannot know when that watch ends, and a cancel undone within it is cancel-running's (the mutation cancel-undone).",
  // The late part of cancel-running's "stays canceled": one deviation, counted for either check.
  splitOf: "lifecycle.cancel-running",
  dependsOn: ["lifecycle.cancel-running"],
  phase: "late",
  scope: "transport",
  judgesTasks: true,
  generations: ["0.2", "0.3", "1.0"],
  run: async (ctx) => {
    const canceled = [...ctx.fixtures.canceled].map(([id, at]) => ({ id, at }));
    // Whether a task could be canceled at all (or was refused, as the spec allows) is cancel-running's verdict.
    if (canceled.length === 0)
      return notApplicable("lifecycle.cancel-running saw no task stay canceled: nothing to read again");
    // Twice cancel-running's watch after the cancel: later than the work that watch was sized on would end.
    const due = Math.max(...canceled.map((c) => c.at)) + 2 * (await watchWindowMs(ctx));
    await sleep(Math.max(0, Math.min(due - performance.now(), ctx.timeoutMs / 2)));
    const evidence: string[] = [];
    for (const { id, at } of canceled) {
      const read = await ctx.client.getTask(id);
      evidence.push(...read.trafficIds);
      const after = `${((performance.now() - at) / 1000).toFixed(1)} s after its cancel`;
      if (!read.ok)
        return fail(`reading canceled task ${id} ${after} failed: ${describeFailure(read)}`, evidence);
      if (read.value.state !== "canceled")
        return fail(
          `task ${id} stayed canceled through lifecycle.cancel-running's watch, but reads ${read.value.rawState} ${after}: a canceled task is terminal and must not change state; ${TERMINAL_IS_FINAL}`,
          evidence,
        );
    }
    const [first] = canceled;
    return pass(
      `task ${first?.id ?? ""} still reads canceled ${((performance.now() - (first?.at ?? 0)) / 1000).toFixed(1)} s after its cancel`,
      evidence,
    );
  },
});
