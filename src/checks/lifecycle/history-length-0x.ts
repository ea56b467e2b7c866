import { defineCheck, pass, skip } from "../define.js";
import { historySubject, judgeTruncation } from "./history-length.js";

export default defineCheck({
  id: "lifecycle.history-length-0x",
  title: "historyLength N returns at most N messages (A2A 0.x)",
  category: "lifecycle",
  level: "MAY",
  levelReason:
    'A2A 0.3 defines historyLength only as the number of recent messages to retrieve, with no MUST or SHOULD; "at most N" is a MUST of 1.0 §3.1.3 only, so on 0.x this is an interop note.',
  requirement:
    "tasks/get with historyLength N > 0 returns at most the last N messages. (0 is not tested: a 0.3 proto comment reads it as unlimited.)",
  spec: "A2A 0.1 §tasks/get historyLength; 0.3 §7.3 TaskQueryParams.historyLength",
  recommendation: "Keep only the last N messages of the history when tasks/get names a historyLength N.",
  selfTest: [{ flaw: "history-ignored", protocols: ["0.3"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  generations: ["0.1", "0.2", "0.3"],
  run: async (ctx) => {
    const subject = await historySubject(ctx);
    if (!subject.ok) return skip(`no task to read: ${subject.reason}`);
    const { full, evidence } = subject.value;
    const total = full.history.length;
    if (total < 2)
      return skip(
        `task ${full.id} holds ${total} history message(s), too few to see truncation (the suite tries a message that makes the agent ask back, for a longer history); pass --hint input-required="..." for a longer one`,
      );
    const n = total - 1;
    const got = await ctx.client.getTask(full.id, n);
    const broken = judgeTruncation(n, got, full.id);
    if (broken) return broken;
    return pass(`historyLength ${n} returned at most ${n} of ${total} messages`, [
      ...evidence,
      ...got.trafficIds,
    ]);
  },
});
