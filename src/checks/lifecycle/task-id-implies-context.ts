import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { terminalStates } from "../../protocol/model.js";
import { waitForSettled } from "../settled-task.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { describeFailure } from "../../client/describe-failure.js";
import { ownAskingTask, withoutAskingTask } from "../support/own-task.js";

/**
 * Without a task waiting for input, a finished task of the check's own is named, without its context. The
 * refusal it should get (lifecycle.terminal-task-rejects-message) leaves nothing to judge; an agent that
 * takes the message all the same must still answer in the task's context, as §3.4.3 says of any message
 * that names only a task (seen at first sight: a new task in a new context). Undefined when not judged.
 */
async function acceptedByFinishedTask(ctx: CheckContext): Promise<CheckVerdict | undefined> {
  const sent = await ctx.fixtures.send();
  if (!sent.ok || sent.value.kind !== "task") return undefined;
  const settled = await waitForSettled(ctx.client, sent.value, ctx.timeoutMs / 2);
  const task = settled.ok ? settled.value : undefined;
  if (!task || !terminalStates.has(task.state) || !task.contextId) return undefined;
  const again = await ctx.client.send({ text: ctx.fixtures.message, taskId: task.id });
  if (!again.ok) return undefined;
  const evidence = [...sent.evidence, ...settled.evidence, ...again.trafficIds];
  const taken = `a message naming only ${task.state} task ${task.id} was taken (lifecycle.terminal-task-rejects-message judges that)`;
  if (again.value.contextId !== task.contextId)
    return fail(
      `${taken} and answered in context ${again.value.contextId ?? "(none)"}, not the task's ${task.contextId}`,
      evidence,
    );
  return pass(`${taken} and answered in its context ${task.contextId}`, evidence);
}

export default defineCheck({
  id: "lifecycle.task-id-implies-context",
  title: "A message naming only a task is answered in that task's context",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "A message that carries a taskId (of a task waiting for input; without one, of a finished task the agent takes all the same) and no contextId is answered in the task's own context: the server infers the contextId from the task.",
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
    if (!asked.ok) return (await acceptedByFinishedTask(ctx)) ?? withoutAskingTask(ctx, asked.reason);
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
