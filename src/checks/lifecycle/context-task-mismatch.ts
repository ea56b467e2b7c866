import { randomUUID } from "node:crypto";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import { terminalStates } from "../../protocol/model.js";
import { ownOpenTask, withoutAskingTask } from "../support/own-task.js";
import type { CheckContext, CheckVerdict } from "../types.js";

export default defineCheck({
  id: "lifecycle.context-task-mismatch",
  title: "A message whose contextId differs from its task's is refused",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "A message naming an existing task that is not over (one waiting for input, else one still working) together with a contextId other than that task's is refused with an error; it is neither run in the task nor moved to the other context.",
  spec: "A2A 1.0 §3.4.3 (multi-turn conversation patterns)",
  tck: ["CORE-MULTI-006"],
  quote: {
    spec: "A2A 1.0.1 §3.4.3",
    text: "Agents MUST reject messages containing mismatching `contextId` and `taskId` (i.e., the provided `contextId` is different from that of the referenced `Task`).",
  },
  recommendation:
    "When a message carries both taskId and contextId, compare the contextId with the stored task's and answer an error (InvalidParams, -32602) when they differ.",
  selfTest: [
    {
      flaw: "context-mismatch-accepted",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-MULTI-006"],
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
    const open = await ownOpenTask(ctx);
    if (!open.ok) return onFinishedTask(ctx, open.reason);
    const task = open.value;
    const contextId = `plainwright-other-${randomUUID()}`;
    const sent = await ctx.client.send({ text: ctx.fixtures.message, taskId: task.id, contextId });
    const evidence = [...open.evidence, ...sent.trafficIds];
    if (sent.ok)
      return fail(
        `a message naming task ${task.id} (context ${task.contextId ?? "?"}) with context ${contextId} was accepted`,
        evidence,
      );
    if (sent.kind !== "error")
      return fail(`a message with a mismatching contextId: ${describeFailure(sent)}`, evidence);
    // A working task may have ended before the message reached it: then the refusal may be for that, unless
    // its words name the context (seen at first sight: "Message contextId does not match the task.").
    if (!open.waiting && !namesContext(sent.error.message)) {
      const after = await ctx.client.getTask(task.id);
      evidence.push(...after.trafficIds);
      if (after.ok && terminalStates.has(after.value.state))
        return {
          ...skip(
            `task ${task.id} ended ${after.value.state} around the message with another context, which was refused (${sent.error.name}): no telling whether for the context`,
          ),
          evidence,
        };
    }
    return pass(
      `a message naming task ${task.id} with another context was refused with ${errorCalled(sent.error)}`,
      evidence,
    );
  },
});

/** Whether an error's own words say it is about the context (as a refusal for the task's end would not). */
const namesContext = (message: string): boolean => /context/i.test(message);

/**
 * Without a task that is not over (an agent that answers at once and never asks back), a finished task of
 * the check's own is named with another context: the rule holds whatever the task's state (1.0.1 §3.4.3), so
 * a message taken in is a failure (seen at first sight: a new task started in the other context). A refusal
 * may be for the task's end (lifecycle.terminal-task-rejects-message's rule), so it passes only when its
 * words name the context.
 */
async function onFinishedTask(ctx: CheckContext, reason: string): Promise<CheckVerdict> {
  const finished = await ctx.fixtures.ownFinishedTask();
  if (!finished.ok || finished.value.contextId === undefined) return withoutAskingTask(ctx, reason);
  const task = finished.value;
  const contextId = `plainwright-other-${randomUUID()}`;
  const sent = await ctx.client.send({ text: ctx.fixtures.message, taskId: task.id, contextId });
  const evidence = [...finished.evidence, ...sent.trafficIds];
  if (sent.ok)
    return fail(
      `a message naming the ${task.state} task ${task.id} (context ${task.contextId}) with context ${contextId} was accepted`,
      evidence,
    );
  if (sent.kind === "error" && namesContext(sent.error.message))
    return pass(
      `a message naming the ${task.state} task ${task.id} with another context was refused with ${errorCalled(sent.error)}`,
      evidence,
    );
  return { ...(await withoutAskingTask(ctx, reason)), evidence };
}
