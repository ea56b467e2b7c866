import { defineCheck, fail, pass, skip } from "../define.js";
import { historySubject } from "./history-length.js";

export default defineCheck({
  id: "lifecycle.history-present",
  title: "A task read with a generous historyLength carries its history",
  category: "lifecycle",
  level: "MAY",
  levelReason:
    'Task.history is optional (A2A 0.3 §6.1, 1.0.1 §4.1.1) and an unset historyLength returns "implementation-defined" history (1.0.1 §3.2.4): keeping history is the agent\'s choice.',
  requirement:
    "tasks/get (GetTask) asked for a long history returns the task's history, starting with the user's message that created it.",
  spec: "A2A 0.3 §6.1 Task.history, §7.3; 1.0 §3.2.4, §4.1.1",
  tck: ["CORE-HIST-004"],
  recommendation:
    "Keep the messages of a task (the user's message at least) in Task.history and return them when historyLength allows.",
  selfTest: [
    {
      flaw: "history-never-returned",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-HIST-004"],
    },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  // 0.1 gives historyLength a SHOULD: lifecycle.history-length-01 judges this there.
  generations: ["0.2", "0.3", "1.0"],
  run: async (ctx) => {
    const subject = await historySubject(ctx);
    if (!subject.ok) return skip(`no task to read: ${subject.reason}`);
    const { full, evidence } = subject.value;
    if (full.history.length === 0)
      return fail(`task ${full.id} read with historyLength 100 carries no history`, evidence);
    if (!full.history.some((m) => m.role === "user"))
      return fail(`the history of task ${full.id} holds no message from the user`, evidence);
    return pass(`task ${full.id} carries ${full.history.length} history message(s)`, evidence);
  },
});
