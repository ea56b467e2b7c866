import { defineCheck, fail, pass, skip } from "../define.js";
import { readWithZero } from "./history-length-zero.js";

export default defineCheck({
  id: "lifecycle.history-field-omitted",
  title: "historyLength 0 leaves the history field out",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    "A2A 1.0.1 §3.2.4 says the history field SHOULD be omitted for historyLength 0; that no message is returned is the MUST lifecycle.history-length-zero judges.",
  requirement:
    "GetTask with historyLength 0, and SendMessage with configuration.historyLength 0, return the task without a history field (not an empty array).",
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
    const withField = judged.filter((r) => r.history !== undefined);
    if (withField.length > 0)
      return fail(
        `${withField.map((r) => r.what).join(" and ")} with historyLength 0 returned a history field (an empty one)`,
        evidence,
      );
    if (judged.length === 0)
      return skip("historyLength 0 returned messages: lifecycle.history-length-zero reports it");
    const left =
      withMessages.length > 0
        ? `; ${withMessages.map((r) => r.what).join(" and ")} returned messages, lifecycle.history-length-zero's finding`
        : "";
    return pass(
      `historyLength 0 left the history field out of ${judged.map((r) => r.what.split(" ")[0]).join(" and ")} replies${left}`,
      evidence,
    );
  },
});
