import { describeFailure } from "../../client/describe-failure.js";
import { terminalStates } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { noFinishedTask } from "../support/own-task.js";

/** 0.1's InvalidTaskStateError (0.1 §8.2); 1.0 gave the number to VersionNotSupported. */
const INVALID_TASK_STATE_0_1 = -32009;

export default defineCheck({
  id: "lifecycle.terminal-task-rejects-message-0x",
  title: "A message to a finished task is refused with InvalidTaskStateError (A2A 0.1)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    'A2A 0.1 §8.2 names InvalidTaskStateError (-32009) for "trying to send a message to a task that is already completed" and says servers SHOULD use its codes; the MUST came later (0.2.4 §7.1, 1.0.1 §3.1.1), judged by lifecycle.terminal-task-rejects-message.',
  requirement:
    "tasks/send naming the id of a task in a terminal state is refused with -32009 (InvalidTaskStateError), not run again.",
  spec: "A2A 0.1 §8.2 (A2A-specific errors: -32009 InvalidTaskStateError)",
  recommendation:
    "Look the task id of tasks/send up first; when the task is completed, failed or canceled, answer -32009 instead of starting it again.",
  noSelfTest:
    "The reference agent speaks 0.3 and 1.0 only; a hand-written 0.1 agent that runs a finished task again, and one that refuses it with -32009, prove the check in terminal-task-rejects-message-0x.test.ts.",
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  generations: ["0.1"],
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const settled = await ctx.fixtures.ownFinishedTask();
    if (!settled.ok) return skip(`no finished task: ${settled.reason}`);
    const task = settled.value;
    if (!terminalStates.has(task.state)) return noFinishedTask(task.state);
    const reply = await ctx.client.send({ text: ctx.fixtures.message, taskId: task.id });
    const evidence = [...settled.evidence, ...reply.trafficIds];
    if (reply.ok)
      return fail(`tasks/send to ${task.state} task ${task.id} was accepted, not refused`, evidence);
    if (reply.kind !== "error")
      return fail(`tasks/send to ${task.state} task ${task.id}: ${describeFailure(reply)}`, evidence);
    if (reply.error.code !== INVALID_TASK_STATE_0_1)
      return fail(
        `tasks/send to ${task.state} task ${task.id} was refused with ${reply.error.code}, not InvalidTaskStateError (-32009), the code A2A 0.1 §8.2 names for it`,
        evidence,
      );
    return pass(
      `tasks/send to ${task.state} task ${task.id} was refused with InvalidTaskStateError (-32009)`,
      evidence,
    );
  },
});
