import type { Task } from "../../protocol/model.js";
import { defineCheck, fail, failBlocking, notApplicable, pass, skip } from "../define.js";
import { waitForSettled, type Provided } from "../fixtures.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext } from "../types.js";

/** A task of this check's own that waits for input (the shared fixture may be read by others). */
async function askingTask(ctx: CheckContext, text: string): Promise<Provided<Task>> {
  const sent = await ctx.fixtures.send(text);
  if (!sent.ok) return sent;
  if (sent.value.kind !== "task")
    return { ok: false, reason: `"${text}" was answered with a Message`, evidence: sent.evidence };
  const settled = await waitForSettled(ctx.client, sent.value, ctx.timeoutMs / 2);
  const evidence = [...sent.evidence, ...settled.evidence];
  if (!settled.ok) return { ...settled, evidence };
  if (settled.value.state !== "input-required")
    return {
      ok: false,
      reason: `"${text}" ended ${settled.value.state} this time, not input-required`,
      evidence,
    };
  return { ok: true, value: settled.value, evidence };
}

export default defineCheck({
  id: "lifecycle.input-required-continues",
  title: "An answer to an input-required task continues the same task",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    "The spec describes continuing an input-required task with its taskId and contextId (A2A 1.0 §3.4.3) without a MUST keyword.",
  requirement:
    "A message carrying the taskId and contextId of an input-required task continues that task: the reply is the same task (same id and contextId), not a new one.",
  spec: "A2A 0.3 §6.3 TaskState input-required, §7.1; 1.0 §3.4.3 (multi-turn), §4.1.3",
  recommendation:
    "When a message names the taskId of an input-required task, resume that task with the message instead of creating a new task.",
  selfTest: [
    { flaw: "input-required-new-task", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
    { flaw: "duplicate-task-ids", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  run: async (ctx) => {
    // The hint, else a skill example whose task asked back when the suite sent it.
    const text = await ctx.fixtures.askingMessage();
    if (!text)
      return notApplicable(
        'none of the skill examples or the ordinary message made the agent ask back (input-required), and no card states whether an agent ever does; pass --hint input-required="..." if it does',
      );
    const asked = await askingTask(ctx, text);
    if (!asked.ok) return skip(`no input-required task: ${asked.reason}`);
    const task = asked.value;
    const input = {
      text: ctx.fixtures.message,
      taskId: task.id,
      ...(task.contextId ? { contextId: task.contextId } : {}),
    };
    const reply = await ctx.client.send(input);
    const evidence = [...asked.evidence, ...reply.trafficIds];
    // Either way no task can be continued, which is what the checks that depend on this one need.
    if (!reply.ok)
      return failBlocking(
        `the answer to input-required task ${task.id} was refused: ${describeFailure(reply)}`,
        evidence,
      );
    const got = reply.value;
    const gotId = got.kind === "task" ? got.id : got.taskId;
    if (gotId !== task.id)
      return failBlocking(
        `the answer to input-required task ${task.id} came back as ${got.kind === "task" ? "a new task" : "a Message of task"} ${gotId ?? "(none)"}`,
        evidence,
      );
    if (task.contextId && got.contextId !== task.contextId)
      return fail(
        `the continued task ${task.id} moved from context ${task.contextId} to ${got.contextId ?? "(none)"}`,
        evidence,
      );
    const state = got.kind === "task" ? ` and is now ${got.state}` : "";
    return pass(`the answer continued task ${task.id}${state}`, evidence);
  },
});
