import { interruptedStates, terminalStates, type Task } from "../../protocol/model.js";
import { STOCK_ANSWERS, sendFirstAnswer } from "../answer-back.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import type { CheckContext } from "../types.js";

/** A state a blocking send may answer with: the task over, or waiting on the client. */
const waitedFor = (task: Task) => terminalStates.has(task.state) || interruptedStates.has(task.state);

/** A task that asks back, sent with blocking: true (undefined when no message makes the agent ask back). */
async function askingTask(ctx: CheckContext): Promise<{ task: Task; evidence: string[] } | undefined> {
  const text = await ctx.fixtures.askingMessage();
  if (!text) return undefined;
  const sent = await ctx.fixtures.send(text, false);
  if (!sent.ok || sent.value.kind !== "task" || sent.value.state !== "input-required") return undefined;
  return { task: sent.value, evidence: sent.evidence };
}

/**
 * The blocking answer to a task that asked back: the send that continues it waits as the first did (the
 * flag belongs to every send; seen at first sight: a continuation answered at once, still submitted).
 */
async function blockingAnswer(
  ctx: CheckContext,
  asking: Task,
): Promise<{ problem?: string; said: string; evidence: string[] }> {
  const [answer] = STOCK_ANSWERS;
  const sent = await sendFirstAnswer(ctx.client, asking, false);
  const evidence = sent.trafficIds;
  // A refused or Message answer says nothing of waiting: the blocking reply is judged where there is a task.
  if (!sent.ok || sent.value.kind !== "task") return { said: "", evidence };
  const { state, rawState } = sent.value;
  if (waitedFor(sent.value))
    return { said: `, and the blocking answer "${answer}" in it returned ${state}`, evidence };
  return {
    problem: `the blocking answer "${answer}" to task ${asking.id} (input-required) returned it still ${rawState}: it neither waited for the task nor refused`,
    said: "",
    evidence,
  };
}

export default defineCheck({
  id: "lifecycle.execution-mode-0x",
  title: "A send with blocking: true waits for its task (A2A 0.x)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    'A2A 0.3 (as 0.2) describes MessageSendConfiguration.blocking only as "If true, the client will wait for the task to complete. The server may reject this if the task is long-running." (specification/json/a2a.json at v0.3.0), with no MUST; 1.0.1 §3.2.2 makes the blocking mode a MUST (lifecycle.execution-mode).',
  requirement:
    "message/send with configuration.blocking: true answers with the task once it is terminal or interrupted (input-required, auth-required), or refuses the request; it does not return the task still submitted or working. A task that asks back is answered with blocking: true too, and that send waits as well.",
  spec: "A2A 0.3 §7.1 MessageSendConfiguration.blocking; 0.2.5 likewise",
  recommendation:
    "When a send says blocking: true, hold the reply until its task is terminal or asks for input; refuse the request with an error when the task is too long to wait for.",
  selfTest: [{ flaw: "send-returns-early", protocols: ["0.3"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  generations: ["0.2", "0.3"],
  run: async (ctx) => {
    const sent = await ctx.fixtures.send(undefined, false);
    // "The server may reject this if the task is long-running": a refusal is allowed; a send that never works is
    // lifecycle.send-returns-task's finding.
    if (!sent.ok)
      return skip(`the blocking send was refused (${sent.reason}), which 0.3 allows for a long task`);
    if (sent.value.kind !== "task")
      return pass("the blocking send was answered with a Message", sent.evidence);
    const { id, state, rawState } = sent.value;
    if (state === "input-required") {
      const answered = await blockingAnswer(ctx, sent.value);
      const evidence = [...sent.evidence, ...answered.evidence];
      if (answered.problem) return fail(answered.problem, evidence);
      return pass(`the blocking send returned task ${id} ${state}${answered.said}`, evidence);
    }
    if (waitedFor(sent.value)) {
      // The ordinary message did not ask back: a message that does (a skill example, the hint) shows the
      // blocking answer, sent blocking from its first turn.
      const asked = await askingTask(ctx);
      if (!asked) return pass(`the blocking send returned task ${id} ${state}`, sent.evidence);
      const answered = await blockingAnswer(ctx, asked.task);
      const evidence = [...sent.evidence, ...asked.evidence, ...answered.evidence];
      if (answered.problem) return fail(answered.problem, evidence);
      return pass(
        `the blocking send returned task ${id} ${state}; a blocking send of a message that asks back returned task ${asked.task.id} input-required${answered.said}`,
        evidence,
      );
    }
    return fail(
      `a send with blocking: true returned task ${id} still ${rawState}: it neither waited for the task nor refused`,
      sent.evidence,
    );
  },
});
