import { defineCheck, fail, pass, skip } from "../define.js";
import { readWithZero } from "./history-length-zero.js";
import { rawListedTasks } from "../support/raw-tasks.js";
import type { CheckContext } from "../types.js";

/**
 * ListTasks with historyLength 0: each listed task without a history field (1.0.1 §3.2.4: the parameter "follows
 * consistent semantics across all operations", 0 returns no history and the field SHOULD be omitted; no MUST
 * bounds ListTasks' history, so messages there are this check's too). Seen at first sight: every task listed with
 * its whole history. An agent without ListTasks is lifecycle.list-tasks' finding: not judged here.
 */
async function listedWithZero(
  ctx: CheckContext,
  evidence: string[],
): Promise<{ judged: boolean; problem?: string }> {
  const listed = await ctx.client.listTasks({ historyLength: 0, pageSize: 10 });
  evidence.push(...listed.trafficIds);
  if (!listed.ok) return { judged: false };
  const tasks = rawListedTasks(listed.raw);
  const withField = tasks.filter((t) => t.history !== undefined);
  if (tasks.length === 0) return { judged: false };
  if (withField.length === 0) return { judged: true };
  const messages = withField.reduce((n, t) => n + (Array.isArray(t.history) ? t.history.length : 0), 0);
  return {
    judged: true,
    problem: `ListTasks with historyLength 0 listed ${withField.length} of ${tasks.length} task(s) with a history field (${messages} message(s) in all)`,
  };
}

export default defineCheck({
  id: "lifecycle.history-field-omitted",
  title: "historyLength 0 leaves the history field out",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    "A2A 1.0.1 §3.2.4 says the history field SHOULD be omitted for historyLength 0; that no message is returned is the MUST lifecycle.history-length-zero judges.",
  requirement:
    "GetTask with historyLength 0, and SendMessage with configuration.historyLength 0, return the task without a history field (not an empty array); ListTasks with historyLength 0 lists its tasks without one.",
  spec: "A2A 1.0 §3.2.4 (history length semantics)",
  tck: ["CORE-HIST-001", "CORE-HIST-003"],
  quote: {
    spec: "A2A 1.0.1 §3.2.4",
    text: "0: No history should be returned; the `history` field SHOULD be omitted",
  },
  recommendation: "For historyLength 0, drop the history field from the returned task instead of sending [].",
  selfTest: [
    {
      flaw: "history-zero-empty-field",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-HIST-001"],
    },
  ],
  dependsOn: ["lifecycle.send-returns-task", "lifecycle.server-generated-ids"],
  scope: "transport",
  judgesTasks: true,
  generations: ["1.0"],
  // proto3 on gRPC cannot tell an empty repeated field from an absent one.
  bindings: ["JSONRPC", "HTTP+JSON"],
  run: async (ctx) => {
    const read = await readWithZero(ctx);
    if (!read.ok) return read.verdict;
    const { id, gotHistory, sentHistory, sentId, evidence } = read;
    // Messages under historyLength 0 are lifecycle.history-length-zero's MUST: one defect, one failure. Each
    // operation is judged on its own (seen at first sight: SendMessage returned messages, GetTask `[]`).
    const replies = [
      { what: `GetTask of ${id}`, history: gotHistory },
      { what: `SendMessage (task ${sentId ?? ""})`, history: sentHistory },
    ];
    const withMessages = replies.filter((r) => Array.isArray(r.history) && r.history.length > 0);
    const judged = replies.filter((r) => !withMessages.includes(r));
    const problems = judged
      .filter((r) => r.history !== undefined)
      .map((r) => `${r.what} with historyLength 0 returned a history field (an empty one)`);
    const listed = await listedWithZero(ctx, evidence);
    if (listed.problem) problems.push(listed.problem);
    if (problems.length > 0) return fail(problems.join("; "), evidence);
    if (judged.length === 0 && !listed.judged)
      return skip("historyLength 0 returned messages: lifecycle.history-length-zero reports it");
    const left =
      withMessages.length > 0
        ? `; ${withMessages.map((r) => r.what).join(" and ")} returned messages, lifecycle.history-length-zero's finding`
        : "";
    const ops = [...judged.map((r) => r.what.split(" ")[0]), ...(listed.judged ? ["ListTasks"] : [])];
    return pass(
      `historyLength 0 left the history field out of ${ops.join(" and ")} replies${left}`,
      evidence,
    );
  },
});
