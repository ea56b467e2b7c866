import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { withoutAskingTask } from "../support/own-task.js";
import { locate, textOf, twoTurnTask, type SentTurn } from "../support/two-turns.js";
import type { Message } from "../../protocol/model.js";

const quoteText = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);

/** A kept message (found by its id) whose role or text is not what was sent; undefined when it matches. */
function rewritten(turn: SentTurn, kept: Message): string | undefined {
  const text = textOf(kept.parts);
  if (kept.role !== "user") return `message ${turn.messageId} is kept with role ${kept.role}, not user`;
  if (text !== turn.text)
    return `message ${turn.messageId} was sent as ${quoteText(turn.text)} but the history holds ${quoteText(text)}`;
  return undefined;
}

export default defineCheck({
  id: "lifecycle.history-content",
  title: "The user's messages in a task's history are the ones sent",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    'A2A 1.0.1 §3.7 says "The Task History field contains Messages exchanged during task execution" and leaves to the agent "which Messages are persisted", with no keyword on their content; a history that rewrites what the user sent misleads every client that reads a conversation from it. The TCK files CORE-HIST-006 as SHOULD.',
  requirement:
    "After two user messages on one task, each user message the history keeps carries the text that was sent (found by its messageId where the agent keeps it, else by its text).",
  spec: "A2A 0.3 §6.1 Task.history; 1.0 §3.7 (messages and artifacts), §4.1.1, §4.1.4",
  tck: ["CORE-HIST-006"],
  recommendation:
    "Store the user's messages in Task.history as they arrived (role, parts, messageId); put summaries or notes in the agent's own messages or in metadata instead.",
  selfTest: [
    {
      flaw: "history-rewritten",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-HIST-006"],
    },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  run: async (ctx) => {
    const turns = await twoTurnTask(ctx);
    if (!turns.ok) return withoutAskingTask(ctx, turns.reason);
    const { taskId, sent, history, evidence } = turns.value;
    const found = sent.map((turn) => ({ turn, at: locate(history, turn) }));
    for (const { turn, at } of found) {
      const changed = at?.byId ? rewritten(turn, at.message) : undefined;
      if (changed) return fail(`in the history of task ${taskId}, ${changed}`, evidence);
    }
    const kept = found.filter((f) => f.at !== undefined).length;
    const users = history.filter((m) => m.role === "user");
    if (kept === 0 && users.length > 0)
      return fail(
        `the history of task ${taskId} holds ${users.length} user message(s), none of them either message sent (by messageId or text): ${users.map((m) => quoteText(textOf(m.parts))).join(", ")}`,
        evidence,
      );
    if (kept === 0)
      return notApplicable(
        `the history of task ${taskId} keeps no user message; the agent chooses which messages it keeps (1.0.1 §3.7)`,
      );
    const ids = found.filter((f) => f.at?.byId).length;
    return pass(
      `the history of task ${taskId} keeps ${kept} of the 2 user messages as sent (${ids} found by messageId)`,
      evidence,
    );
  },
});
