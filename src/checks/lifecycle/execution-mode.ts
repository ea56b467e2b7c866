import { terminalStates, type TaskState } from "../../protocol/model.js";
import { defineCheck, fail, pass } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** States a blocking send may end in: terminal or interrupted (1.0.1 §3.2.2). */
const settled = (state: TaskState): boolean =>
  terminalStates.has(state) || state === "input-required" || state === "auth-required";

/** 1.0.1 §3.2.2: without returnImmediately the reply waits for a terminal or interrupted state. */
async function blocking(ctx: CheckContext): Promise<CheckVerdict> {
  const sent = await ctx.fixtures.send();
  if (!sent.ok) return fail(sent.reason, sent.evidence);
  if (sent.value.kind !== "task")
    return pass("the agent answered with a Message (execution mode does not apply)", sent.evidence);
  if (!settled(sent.value.state))
    return fail(
      `a send without returnImmediately returned task ${sent.value.id} still ${sent.value.state}: it did not wait for a terminal or interrupted state`,
      sent.evidence,
    );
  return pass(
    `a send without returnImmediately returned task ${sent.value.id} ${sent.value.state}`,
    sent.evidence,
  );
}

/** 1.0.1 §3.2.2: with returnImmediately the reply comes while the (hinted, slow) task still works. */
async function nonBlocking(ctx: CheckContext, slow: string): Promise<CheckVerdict> {
  const sent = await ctx.fixtures.send(slow, true);
  if (!sent.ok) return fail(sent.reason, sent.evidence);
  if (sent.value.kind !== "task") return pass("the slow message was answered with a Message", sent.evidence);
  if (terminalStates.has(sent.value.state))
    return fail(
      `a returnImmediately send of the slow hint returned task ${sent.value.id} already ${sent.value.state}: the reply waited for the work`,
      sent.evidence,
    );
  return pass(`a returnImmediately send returned task ${sent.value.id} ${sent.value.state}`, sent.evidence);
}

export default defineCheck({
  id: "lifecycle.execution-mode",
  title: "A send waits for the task by default, and returns at once with returnImmediately",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "SendMessage without returnImmediately returns only once the task is terminal or interrupted; with returnImmediately: true it returns while the task is still in progress (judged with --hint slow, a message whose task keeps working).",
  spec: "A2A 1.0 §3.2.2 (execution mode)",
  tck: ["CORE-EXECUTION-MODE-001", "CORE-EXECUTION-MODE-002"],
  quote: {
    spec: "A2A 1.0.1 §3.2.2",
    text: "Blocking (`return_immediately: false` or unset): The operation MUST wait until the task reaches a terminal state … or an interrupted state … before returning. … Non-Blocking (`return_immediately: true`): The operation MUST return immediately after creating the task, even if processing is still in progress.",
  },
  recommendation:
    "Honour SendMessageConfiguration.returnImmediately: by default hold the reply until the task is terminal or interrupted; when it is true, reply with the task as soon as it is created.",
  selfTest: [
    {
      flaw: "send-returns-early",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-EXECUTION-MODE-001"],
    },
    {
      flaw: "return-immediately-ignored",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-EXECUTION-MODE-002"],
    },
  ],
  dependsOn: ["lifecycle.send-returns-task", "lifecycle.server-generated-ids"],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) => {
    const first = await blocking(ctx);
    const slow = ctx.hints.slow;
    if (first.status !== "pass") return { ...first, tck: ["CORE-EXECUTION-MODE-001"] };
    // Without a slow task the non-blocking case (CORE-EXECUTION-MODE-002) was not judged at all.
    if (!slow)
      return {
        ...first,
        message: `${first.message} (returnImmediately not judged: pass --hint slow="...")`,
        tck: ["CORE-EXECUTION-MODE-001"],
      };
    const second = await nonBlocking(ctx, slow);
    if (second.status !== "pass") return { ...second, tck: ["CORE-EXECUTION-MODE-002"] };
    return pass(`${first.message}; ${second.message}`, [
      ...(first.evidence ?? []),
      ...(second.evidence ?? []),
    ]);
  },
});
