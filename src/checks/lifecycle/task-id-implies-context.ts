import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { ownAskingTask, withoutAskingTask } from "../support/own-task.js";

export default defineCheck({
  id: "lifecycle.task-id-implies-context",
  title: "A message naming only a task is answered in that task's context",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "A message that carries a taskId (of a task waiting for input) and no contextId is answered in the task's own context: the server infers the contextId from the task.",
  spec: "A2A 1.0 §3.4.3 (multi-turn conversation patterns)",
  tck: ["CORE-MULTI-005"],
  quote: {
    spec: "A2A 1.0.1 §3.4.3",
    text: "Agents MUST infer `contextId` from the task if only `taskId` is provided",
  },
  recommendation:
    "When a message names a task but no context, take the contextId from the stored task, and return it in the reply.",
  selfTest: [
    {
      flaw: "task-context-not-inferred",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-MULTI-005"],
    },
  ],
  dependsOn: [
    "lifecycle.send-returns-task",
    "lifecycle.server-generated-ids",
    "lifecycle.input-required-continues",
  ],
  scope: "transport",
  judgesTasks: true,
  generations: ["1.0"],
  run: async (ctx) => {
    const asked = await ownAskingTask(ctx);
    if (!asked.ok) return withoutAskingTask(ctx, asked.reason);
    const task = asked.value;
    if (!task.contextId)
      return notApplicable(
        `task ${task.id} has no contextId: the agent generates none (A2A 1.0.1 §3.4.1 allows it), so there is no context to imply`,
      );
    const sent = await ctx.client.send({ text: ctx.fixtures.message, taskId: task.id });
    const evidence = [...asked.evidence, ...sent.trafficIds];
    if (!sent.ok) return fail(`a message naming only task ${task.id}: ${describeFailure(sent)}`, evidence);
    if (sent.value.contextId !== task.contextId)
      return fail(
        `a message naming only task ${task.id} was answered in context ${sent.value.contextId ?? "(none)"}, not the task's ${task.contextId}`,
        evidence,
      );
    return pass(
      `a message naming only task ${task.id} was answered in its context ${task.contextId}`,
      evidence,
    );
  },
});
