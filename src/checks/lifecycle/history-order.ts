import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { withoutAskingTask } from "../support/own-task.js";
import { locate, twoTurnTask } from "../support/two-turns.js";

export default defineCheck({
  id: "lifecycle.history-order",
  title: "A task's history lists the user's messages in the order they were sent",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    'A2A 1.0.1 §3.7 says "The Task History field contains Messages exchanged during task execution" and leaves to the agent "which Messages are persisted", with no keyword on their order; a history out of order misleads every client that reads a conversation from it. The TCK files CORE-HIST-005 as SHOULD.',
  requirement:
    "After two user messages on one task (the one that made it ask back, then the answer), GetTask with historyLength 100 lists the first before the second.",
  spec: "A2A 0.3 §6.1 Task.history; 1.0 §3.7 (messages and artifacts), §3.2.4, §4.1.1",
  tck: ["CORE-HIST-005"],
  recommendation:
    "Append each message to Task.history as it is exchanged and return the history oldest first (historyLength keeps the most recent ones, at the end).",
  selfTest: [
    {
      flaw: "history-reversed",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-HIST-005"],
    },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  run: async (ctx) => {
    const turns = await twoTurnTask(ctx);
    if (!turns.ok) return withoutAskingTask(ctx, turns.reason);
    const { taskId, sent, history, evidence } = turns.value;
    const [first, second] = sent.map((turn) => locate(history, turn));
    if (!first || !second)
      return notApplicable(
        `the history of task ${taskId} keeps ${[first, second].filter(Boolean).length} of the 2 user messages sent; the agent chooses which messages it keeps (1.0.1 §3.7), so there is no order of the two to judge`,
      );
    if (first.index > second.index)
      return fail(
        `the history of task ${taskId} lists the second user message (position ${second.index + 1}) before the first (position ${first.index + 1}) of ${history.length}`,
        evidence,
      );
    return pass(
      `the history of task ${taskId} lists the two user messages in the order sent (positions ${first.index + 1} and ${second.index + 1} of ${history.length})`,
      evidence,
    );
  },
});
