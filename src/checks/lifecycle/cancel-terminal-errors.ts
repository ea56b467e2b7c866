import { noFinishedTask } from "../support/own-task.js";
import { cancelUnserved0x } from "../support/cancel-unserved.js";
import type { CallOutcome } from "../../client/types.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { terminalStates, type Task } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** Cancels the suite's finished task and expects TaskNotCancelable (-32002); shared with the 0.x sibling. */
export async function cancelFinishedTask(ctx: CheckContext): Promise<CheckVerdict> {
  const settled = await ctx.fixtures.ownFinishedTask();
  if (!settled.ok) return skip(`no finished task: ${settled.reason}`);
  const task = settled.value;
  if (!terminalStates.has(task.state)) return noFinishedTask(task.state);
  const outcome: CallOutcome<Task> = await ctx.client.cancelTask(task.id);
  const evidence = [...settled.evidence, ...outcome.trafficIds];
  // 1.0.1 §3.3.1: "Cancel Task operations are idempotent": a canceled task canceled again may simply come back.
  if (outcome.ok && task.state === "canceled" && ctx.generation === "1.0")
    return pass(
      `canceling task ${task.id}, already canceled, returned it again (idempotent, 1.0.1 §3.3.1)`,
      evidence,
    );
  if (outcome.ok)
    return fail(
      `canceling task ${task.id}, already ${task.state}, succeeded (it came back ${outcome.value.state})`,
      evidence,
    );
  const unserved = cancelUnserved0x(ctx, outcome);
  if (unserved) return { ...unserved, evidence };
  if (outcome.kind !== "error")
    return fail(`canceling ${task.state} task ${task.id}: ${describeFailure(outcome)}`, evidence);
  if (outcome.error.code !== a2aCodes.taskNotCancelable)
    return fail(
      `canceling ${task.state} task ${task.id} answered ${errorCalled(outcome.error)} instead of TaskNotCancelable (-32002)`,
      evidence,
    );
  return pass(`canceling ${task.state} task ${task.id} answered TaskNotCancelable (-32002)`, evidence);
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
