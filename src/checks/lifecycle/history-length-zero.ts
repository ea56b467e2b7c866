import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../fixtures.js";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The raw task of a GetTask result (the Task itself) or of a send result (1.0 `{task}`). */
const rawTask = (raw: unknown): Json | undefined =>
  isObject(raw) ? (isObject(raw.task) ? raw.task : raw) : undefined;

export default defineCheck({
  id: "lifecycle.history-length-zero",
  title: "historyLength 0 leaves the history field out",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    "A2A 1.0.1 §3.2.4 says the history field SHOULD be omitted for historyLength 0; that no message is returned is the MUST lifecycle.history-length judges.",
  requirement:
    "GetTask with historyLength 0, and SendMessage with configuration.historyLength 0, return the task without a history field (not an empty array).",
  spec: "A2A 1.0 §3.2.4 (history length semantics)",
  tck: ["CORE-HIST-001", "CORE-HIST-003"],
  quote: {
    spec: "A2A 1.0.1 §3.2.4",
    text: "0: No history should be returned; the `history` field SHOULD be omitted",
  },
  recommendation: "For historyLength 0, drop the history field from the returned task instead of sending [].",
  selfTest: [{ flaw: "history-zero-empty-field", protocols: ["1.0"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task", "lifecycle.server-generated-ids"],
  scope: "transport",
  generations: ["1.0"],
  // proto3 on gRPC cannot tell an empty repeated field from an absent one.
  bindings: ["JSONRPC", "HTTP+JSON"],
  run: async (ctx) => {
    const settled = await ctx.fixtures.settledTask();
    if (!settled.ok) return skip(`no task to read: ${settled.reason}`);
    const id = settled.value.id;
    const got = await ctx.client.getTask(id, 0);
    const sent = await ctx.client.send({ text: ctx.fixtures.message }, { historyLength: 0 });
    const evidence = [...settled.evidence, ...got.trafficIds, ...sent.trafficIds];
    if (!got.ok) return fail(`GetTask of ${id} with historyLength 0: ${describeFailure(got)}`, evidence);
    if (!sent.ok) return fail(`SendMessage with historyLength 0: ${describeFailure(sent)}`, evidence);
    const gotHistory = historyField(rawTask(got.raw));
    const sentHistory = sent.value.kind === "task" ? historyField(rawTask(sent.raw)) : undefined;
    // Messages under historyLength 0 are the MUST of lifecycle.history-length ("0 returns no history"): one
    // defect, one failure. This check owns only the SHOULD of leaving the empty field out.
    if ([gotHistory, sentHistory].some((h) => Array.isArray(h) && h.length > 0))
      return skip(
        "historyLength 0 returned messages, not an empty history: lifecycle.history-length reports it",
      );
    if (gotHistory !== undefined)
      return fail(`GetTask of ${id} with historyLength 0 returned a history field`, evidence);
    if (sentHistory !== undefined)
      return fail(
        `SendMessage with historyLength 0 returned task ${sent.value.kind === "task" ? sent.value.id : ""} with a history field`,
        evidence,
      );
    return pass("historyLength 0 left the history field out of GetTask and SendMessage replies", evidence);
  },
});

/** The raw `history` member of a task reply, or undefined when the member is absent. */
function historyField(task: unknown): unknown {
  return typeof task === "object" && task !== null && "history" in task ? (task as Json).history : undefined;
}
