import { noFinishedTask, notOverTask } from "../support/own-task.js";
import type { Provided } from "../settled-task.js";
import type { CallOutcome } from "../../client/types.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { terminalStates, type Task } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** Cancels the suite's finished task and expects TaskNotCancelable (-32002); shared with the 0.x sibling. */
export async function cancelFinishedTask(ctx: CheckContext): Promise<CheckVerdict> {
  const finished = await ctx.fixtures.ownFinishedTask();
  const settled =
    finished.ok && terminalStates.has(finished.value.state) ? finished : await canceledTask(ctx);
  if (!settled.ok)
    return finished.ok ? noFinishedTask(finished.value.state) : skip(`no finished task: ${finished.reason}`);
  const task = settled.value;
  const outcome: CallOutcome<Task> = await ctx.client.cancelTask(task.id);
  const evidence = [...settled.evidence, ...outcome.trafficIds];
  if (outcome.ok)
    return fail(
      `canceling task ${task.id}, already ${task.state}, succeeded (it came back ${outcome.value.state})`,
      evidence,
    );
  if (outcome.kind !== "error")
    return fail(`canceling ${task.state} task ${task.id}: ${describeFailure(outcome)}`, evidence);
  if (outcome.error.code !== a2aCodes.taskNotCancelable)
    return fail(
      `canceling ${task.state} task ${task.id} answered ${outcome.error.name} (${outcome.error.code}) instead of TaskNotCancelable (-32002)`,
      evidence,
    );
  return pass(`canceling ${task.state} task ${task.id} answered TaskNotCancelable (-32002)`, evidence);
}

/**
 * A terminal task made by the check itself when no message finishes one (tasks that never end, or that wait
 * for input): a task not yet over, canceled, and read back canceled. An agent that does not cancel leaves none.
 */
async function canceledTask(ctx: CheckContext): Promise<Provided<Task>> {
  const running = await notOverTask(ctx);
  if (!running.ok) return running;
  const canceled = await ctx.client.cancelTask(running.value.id);
  const read = canceled.ok ? await ctx.client.getTask(running.value.id) : undefined;
  const evidence = [...running.evidence, ...canceled.trafficIds, ...(read?.trafficIds ?? [])];
  if (!read?.ok || read.value.state !== "canceled")
    return { ok: false, reason: `task ${running.value.id} could not be canceled to judge`, evidence };
  return { ok: true, value: read.value, evidence };
}

export default defineCheck({
  id: "lifecycle.cancel-terminal-errors",
  title: "Canceling a finished task fails with TaskNotCancelable",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "tasks/cancel (CancelTask) of a task in a terminal state returns TaskNotCancelableError (-32002).",
  spec: "A2A 1.0 §3.1.5, §3.3.2",
  tck: ["CORE-CANCEL-002", "JSONRPC-SSE-002"],
  quote: {
    spec: "A2A 1.0.1 §3.3.2, §3.1.5",
    text: "Servers MUST return appropriate errors … TaskNotCancelableError: The task is not in a cancelable state (e.g., already completed, failed, or canceled).",
  },
  recommendation:
    "Before canceling, check the task's state; a completed, failed, canceled or rejected task gets TaskNotCancelableError (-32002; gRPC FAILED_PRECONDITION).",
  selfTest: [
    {
      flaw: "cancel-finished-succeeds",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-CANCEL-002"],
    },
    { flaw: "duplicate-task-ids", protocols: ["1.0"], bindings: ["JSONRPC"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  generations: ["1.0"],
  run: cancelFinishedTask,
});
