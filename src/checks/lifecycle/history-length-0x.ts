import { defineCheck, fail, pass, skip } from "../define.js";
import { historySubject, judgeTruncation, shortHistoryNote } from "./history-length.js";

export default defineCheck({
  id: "lifecycle.history-length-0x",
  title: "historyLength N returns at most N messages (A2A 0.x)",
  category: "lifecycle",
  level: "MAY",
  levelReason:
    'A2A 0.3 defines historyLength only as the number of recent messages to retrieve, with no MUST or SHOULD; "at most N" is a MUST of 1.0 §3.1.3 only, so on 0.2 and 0.3 this is an interop note. 0.1 says SHOULD: lifecycle.history-length-01.',
  requirement:
    "tasks/get with historyLength N > 0 returns at most the last N messages; with historyLength 0 it returns no message (the JSON-RPC reading) or the whole history (the 0.3 proto comment reads 0 as unlimited), nothing in between.",
  spec: "A2A 0.2.5 §7.3 TaskQueryParams.historyLength; 0.3 §7.3 TaskQueryParams.historyLength",
  recommendation: "Keep only the last N messages of the history when tasks/get names a historyLength N.",
  selfTest: [
    { flaw: "history-ignored", protocols: ["0.3"], bindings: ["JSONRPC"] },
    { flaw: "history-zero-gives-one", protocols: ["0.3"], bindings: ["JSONRPC"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  generations: ["0.2", "0.3"],
  run: async (ctx) => {
    const subject = await historySubject(ctx);
    if (!subject.ok) return skip(`no task to read: ${subject.reason}`);
    const { full, evidence } = subject.value;
    const total = full.history.length;
    if (total < 2)
      return skip(
        `task ${full.id} holds ${total} history message(s), too few to see truncation${shortHistoryNote(ctx, subject.value)}`,
      );
    const n = total - 1;
    const got = await ctx.client.getTask(full.id, n);
    const broken = judgeTruncation(n, got, full.id);
    if (broken) return broken;
    const zero = await ctx.client.getTask(full.id, 0);
    const all = [...evidence, ...got.trafficIds, ...zero.trafficIds];
    // 0.3 leaves 0 open between "no messages" (JSON-RPC §7.3 text) and "unlimited" (the 0.3 proto comment).
    const zeroCount = zero.ok ? zero.value.history.length : undefined;
    if (zeroCount !== undefined && zeroCount !== 0 && zeroCount !== total)
      return fail(
        `historyLength 0 returned ${zeroCount} of ${total} messages: neither none nor the whole history`,
        all,
      );
    const zeroText =
      zeroCount === undefined ? "" : `, historyLength 0 ${zeroCount === 0 ? "none" : "all of them"}`;
    return pass(`historyLength ${n} returned at most ${n} of ${total} messages${zeroText}`, all);
  },
});
