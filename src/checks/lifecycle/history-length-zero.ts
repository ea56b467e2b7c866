import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { isObject } from "../../model/json.js";

type Json = Record<string, unknown>;

/** The raw task of a GetTask result (the Task itself) or of a send result (1.0 `{task}`). */
const rawTask = (raw: unknown): Json | undefined =>
  isObject(raw) ? (isObject(raw.task) ? raw.task : raw) : undefined;

export default defineCheck({
  id: "lifecycle.history-length-zero",
  title: "historyLength 0 returns no history message",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "GetTask with historyLength 0, and SendMessage with configuration.historyLength 0, return the task with no history message. (Leaving the field out rather than sending [] is lifecycle.history-field-omitted's SHOULD.)",
  spec: "A2A 1.0 §3.2.4 (history length semantics); a2a.proto history_length",
  tck: ["CORE-HIST-002"],
  quote: {
    spec: "A2A 1.0.1 a2a.proto GetTaskRequest.history_length, SendMessageConfiguration.history_length",
    text: "A value of zero is a request to not include any messages. The server MUST NOT return more messages than the provided value, but MAY apply a lower limit.",
  },
  recommendation: "For historyLength 0, return the task without its history messages.",
  selfTest: [
    { flaw: "history-ignored", protocols: ["1.0"], bindings: ["JSONRPC"], violates: ["CORE-HIST-002"] },
  ],
  dependsOn: ["lifecycle.send-returns-task", "lifecycle.server-generated-ids"],
  scope: "transport",
  judgesTasks: true,
  generations: ["1.0"],
  run: async (ctx) => {
    const read = await readWithZero(ctx);
    if (!read.ok) return read.verdict;
    const { id, gotHistory, sentHistory, sentId, evidence } = read;
    const count = (h: unknown) => (Array.isArray(h) ? h.length : 0);
    if (count(gotHistory) > 0)
      return fail(
        `GetTask of ${id} with historyLength 0 returned ${count(gotHistory)} history message(s)`,
        evidence,
      );
    if (count(sentHistory) > 0)
      return fail(
        `SendMessage with historyLength 0 returned task ${sentId ?? ""} with ${count(sentHistory)} history message(s)`,
        evidence,
      );
    return pass("historyLength 0 returned no history message from GetTask and SendMessage", evidence);
  },
});

/** GetTask and SendMessage with historyLength 0, and the raw history members of their replies. */
export async function readWithZero(
  ctx: CheckContext,
): Promise<
  | { ok: false; verdict: CheckVerdict }
  | { ok: true; id: string; gotHistory: unknown; sentHistory: unknown; sentId?: string; evidence: string[] }
> {
  const settled = await ctx.fixtures.settledTask();
  if (!settled.ok) return { ok: false, verdict: skip(`no task to read: ${settled.reason}`) };
  const id = settled.value.id;
  const got = await ctx.client.getTask(id, 0);
  const sent = await ctx.client.send({ text: ctx.fixtures.message }, { historyLength: 0 });
  const evidence = [...settled.evidence, ...got.trafficIds, ...sent.trafficIds];
  if (!got.ok)
    return {
      ok: false,
      verdict: fail(`GetTask of ${id} with historyLength 0: ${describeFailure(got)}`, evidence),
    };
  if (!sent.ok)
    return {
      ok: false,
      verdict: fail(`SendMessage with historyLength 0: ${describeFailure(sent)}`, evidence),
    };
  const isTask = sent.value.kind === "task";
  return {
    ok: true,
    id,
    gotHistory: historyField(rawTask(got.raw)),
    sentHistory: isTask ? historyField(rawTask(sent.raw)) : undefined,
    ...(sent.value.kind === "task" ? { sentId: sent.value.id } : {}),
    evidence,
  };
}

/** The raw `history` member of a task reply, or undefined when the member is absent. */
function historyField(task: unknown): unknown {
  return typeof task === "object" && task !== null && "history" in task ? (task as Json).history : undefined;
}
