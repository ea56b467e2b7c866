import { describeFailure } from "../../client/describe-failure.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { settledWithin } from "../support/time-box.js";
import { ownHistorySubject, shortHistoryNote } from "./history-length.js";

export default defineCheck({
  id: "lifecycle.history-kept-after-read",
  title: "Reading a task with historyLength leaves its history whole",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    'No sentence names a read that shrinks the stored history. Get Task retrieves the task\'s current state (1.0.1 §3.1.3; 0.3 §7.3), historyLength controls how much history is returned (1.0.1 §3.2.4), and Task.history is the conversation the task holds; a read that drops messages for good breaks what these define, so the finding is a SHOULD. A server that returns fewer messages on every read ("MAY apply a lower limit") passes: the check fails only when the same read returns fewer messages after a shorter one than before it.',
  requirement:
    "tasks/get (GetTask) with historyLength N is a read: a later read of the same task, asking as much as before, returns as many messages as before.",
  spec: "A2A 1.0.1 §3.1.3, §3.2.4; 0.3 §7.3 (TaskQueryParams.historyLength)",
  quote: {
    spec: "A2A 1.0.1 §3.1.3, §3.2.4",
    text: "Retrieves the current state (including status, artifacts, and optionally history) of a previously initiated task. … The historyLength parameter … controls how much task history is returned in responses.",
  },
  recommendation:
    "Apply historyLength to a copy of the history when answering; never store the trimmed list back into the task.",
  selfTest: [{ flaw: "history-read-truncates", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  run: async (ctx) => {
    // A task of the check's own: on an agent that trims for good, the read would shrink a shared task under
    // the other history checks.
    // Half the check's budget, or three times what the ordinary task took when that is longer (a busy
    // machine slows every task alike), never past nine tenths: an agent whose tasks stay working long must
    // not run the check out of time.
    const started = performance.now();
    const own = ownHistorySubject(ctx);
    const normalMs = (await settledWithin(ctx.fixtures.normalTaskMs(), ctx.timeoutMs / 2)) ?? 0;
    const boxMs = Math.min(Math.max(ctx.timeoutMs / 2, 3 * normalMs), ctx.timeoutMs * 0.9);
    const subject = await settledWithin(own, boxMs - (performance.now() - started));
    if (!subject)
      return skip(
        `no task of the check's own with two history messages within ${Math.round(boxMs / 1000)} s (the agent's tasks stay working)`,
      );
    if (!subject.ok) return skip(`no task to read: ${subject.reason}`);
    const { full, evidence } = subject.value;
    const total = full.history.length;
    if (total < 2)
      return skip(
        `task ${full.id} holds ${total} history message(s): a read of one message cannot drop any${shortHistoryNote(ctx, subject.value)}`,
      );
    const short = await ctx.client.getTask(full.id, 1);
    const again = await ctx.client.getTask(full.id, 100);
    const all = [...evidence, ...short.trafficIds, ...again.trafficIds];
    if (!short.ok || !again.ok) {
      const failed = short.ok ? again : short;
      return skip(`reading task ${full.id} again failed: ${failed.ok ? "" : describeFailure(failed)}`);
    }
    const left = again.value.history.length;
    if (left < total)
      return fail(
        `task ${full.id} held ${total} history messages; after a read with historyLength 1, the same read with historyLength 100 returned ${left}: the read trimmed the stored history`,
        all,
      );
    return pass(
      `task ${full.id} still returned ${left} of its ${total} messages after a read with historyLength 1`,
      all,
    );
  },
});
