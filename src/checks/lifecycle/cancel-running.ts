import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure, waitForSettled } from "../fixtures.js";

export default defineCheck({
  id: "lifecycle.cancel-running",
  title: "Canceling a running task makes it canceled",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "tasks/cancel (CancelTask) of a submitted or working task succeeds with the Task, and the task ends in the canceled state.",
  spec: "A2A 0.3 §7.4; 1.0 §3.1.5",
  tck: "CORE-CANCEL-001",
  quote: {
    spec: "A2A 1.0 §3.1.5",
    text: "CancelTask of a task that can be canceled MUST return the Task; the task then ends in the canceled state.",
  },
  recommendation:
    "On cancel, stop the task's work, record the canceled state and return the updated Task (ideally already canceled).",
  selfTest: [
    { flaw: "cancel-ignored", protocols: ["0.3", "1.0"] },
    { flaw: "duplicate-task-ids", protocols: ["0.3", "1.0"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  run: async (ctx) => {
    const running = await ctx.fixtures.runningTask();
    if (!running.ok) return skip(`no running task to cancel: ${running.reason}`);
    const task = running.value;
    const canceled = await ctx.client.cancelTask(task.id);
    const evidence = [...running.evidence, ...canceled.trafficIds];
    if (!canceled.ok)
      return fail(`canceling ${task.state} task ${task.id} failed: ${describeFailure(canceled)}`, evidence);
    if (canceled.value.id !== task.id)
      return fail(`canceling task ${task.id} returned task ${canceled.value.id}`, evidence);
    // Cancellation may take effect asynchronously: poll (with backoff) until the task settles.
    const settled = await waitForSettled(ctx.client, canceled.value, ctx.timeoutMs);
    evidence.push(...settled.evidence);
    if (!settled.ok) return fail(`after cancel, ${settled.reason}`, evidence);
    if (settled.value.state !== "canceled")
      return fail(
        `task ${task.id} ended ${settled.value.rawState} after a successful cancel, not canceled`,
        evidence,
      );
    return pass(`task ${task.id} went from ${task.state} to canceled`, evidence);
  },
});
