import { defineCheck, fail, pass, skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { historySubject, judgeTruncation } from "./history-length.js";

export default defineCheck({
  id: "lifecycle.history-length-01",
  title: "historyLength N > 0 returns the last N messages of the history (A2A 0.1)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    'A2A 0.1 alone gives historyLength a keyword: the server SHOULD include the last N messages. 0.2 and 0.3 define it only as the number of messages to retrieve (lifecycle.history-present, of which this is the 0.1 half, and lifecycle.history-length-0x, MAY); 1.0 makes "at most N" a MUST (lifecycle.history-length).',
  // The 0.1 half of both: a history asked for and not given (history-present), and at most N (history-length-0x).
  splitOf: ["lifecycle.history-present", "lifecycle.history-length-0x"],
  quote: {
    spec: "A2A 0.1 §7.3.1 TaskQueryParams.historyLength",
    text: "Optional: If a positive integer `N` is provided, the server SHOULD include the last `N` messages (chronologically) of the task's history in the `Task.history` field of the response.",
  },
  requirement:
    "tasks/get with a positive historyLength N returns the task's history: its last N messages, the user's message among them when N allows; tasks/send with historyLength 1 returns a Task with at most one history message. Where no task can be read back, tasks/send with historyLength 100 returns the Task with its history.",
  spec: "A2A 0.1 §7.3.1 TaskQueryParams.historyLength, §7.1.1 TaskSendParams.historyLength, §6.1 Task.history",
  recommendation:
    "Keep the messages of a task (the user's message at least) and return the last N of them in Task.history when tasks/get names a historyLength N.",
  noSelfTest:
    "The reference agent speaks 0.3 and 1.0 only: the mutation history-dropped plays the deviation on the lab's 0.1 agent; the truncation half is lifecycle.history-length-0x's run, proven by the flaws history-ignored and history-zero-gives-one.",
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  generations: ["0.1"],
  run: async (ctx) => {
    const subject = await historySubject(ctx);
    if (!subject.ok) return (await historyInSendReply(ctx)) ?? skip(`no task to read: ${subject.reason}`);
    const { full, evidence } = subject.value;
    const total = full.history.length;
    if (total === 0) return fail(`task ${full.id} read with historyLength 100 carries no history`, evidence);
    if (!full.history.some((m) => m.role === "user"))
      return fail(`the history of task ${full.id} holds no message from the user`, evidence);
    if (total < 2) return pass(`task ${full.id} carries its one history message`, evidence);
    const n = total - 1;
    const got = await ctx.client.getTask(full.id, n);
    const broken = judgeTruncation(n, got, full.id);
    if (broken) return broken;
    const sentOne = await sendWithHistoryOne(ctx);
    if (sentOne.failed)
      return { ...sentOne.failed, evidence: [...evidence, ...got.trafficIds, ...sentOne.evidence] };
    return pass(
      `historyLength 100 returned ${total} messages, historyLength ${n} at most ${n}${sentOne.note}`,
      [...evidence, ...got.trafficIds, ...sentOne.evidence],
    );
  },
});

/**
 * tasks/send with historyLength 1: 0.1 §7.1.1 gives TaskSendParams.historyLength the same SHOULD ("the last N
 * messages") for the Task the send returns. Seen at first sight: tasks/get honoured it, tasks/send returned the
 * user's message and the agent's answer whatever it was asked.
 */
async function sendWithHistoryOne(
  ctx: CheckContext,
): Promise<{ failed?: CheckVerdict; note: string; evidence: string[] }> {
  const sent = await ctx.client.send({ text: ctx.fixtures.message }, { historyLength: 1 });
  if (!sent.ok || sent.value.kind !== "task") return { note: "", evidence: sent.trafficIds };
  const count = sent.value.history.length;
  if (count > 1)
    return {
      failed: fail(
        `tasks/send with historyLength 1 returned task ${sent.value.id} with ${count} history messages, not the last one (0.1 §7.1.1 TaskSendParams.historyLength)`,
        sent.trafficIds,
      ),
      note: "",
      evidence: sent.trafficIds,
    };
  return { note: `; tasks/send with historyLength 1 returned ${count}`, evidence: sent.trafficIds };
}

/**
 * With no task to read back (seen at first sight: tasks/get not served at all), the send itself: 0.1 §7.1.1
 * gives TaskSendParams.historyLength the same SHOULD, for the Task the send returns. Undefined when the send
 * returns no Task to judge.
 */
async function historyInSendReply(ctx: CheckContext): Promise<CheckVerdict | undefined> {
  const sent = await ctx.client.send({ text: ctx.fixtures.message }, { historyLength: 100 });
  if (!sent.ok || sent.value.kind !== "task") return undefined;
  const task = sent.value;
  const how = "no task could be read back, so tasks/send itself was asked for historyLength 100";
  if (task.history.length === 0) return fail(`task ${task.id} carries no history (${how})`, sent.trafficIds);
  if (!task.history.some((m) => m.role === "user"))
    return fail(`the history of task ${task.id} holds no message from the user (${how})`, sent.trafficIds);
  const sentOne = await sendWithHistoryOne(ctx);
  if (sentOne.failed) return sentOne.failed;
  return pass(`task ${task.id} carries ${task.history.length} history message(s) (${how})`, sent.trafficIds);
}
