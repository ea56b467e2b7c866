import type { CallOutcome } from "../../client/types.js";
import type { Task } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure, type Provided } from "../fixtures.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** What a history check reads: a task and its whole history (asked with a generous historyLength). */
export interface HistorySubject {
  task: Task;
  full: Task;
  evidence: string[];
}

/**
 * A task with as much history as the suite can get: a task that asked back (hinted, or found among the
 * skill examples) holds the user's message and the agent's question; an ordinary task often only the first.
 */
export async function historySubject(ctx: CheckContext): Promise<Provided<HistorySubject>> {
  // A task that asked back holds at least two messages; the survey of skill examples finds one without a hint.
  const asked = await ctx.fixtures.inputRequiredTask();
  const subject = asked.ok ? asked : await ctx.fixtures.settledTask();
  if (!subject.ok) return subject;
  // docs/conformance.md step 2.5 asks for historyLength 100 to see the whole history.
  const full = await ctx.client.getTask(subject.value.id, 100);
  const evidence = [...subject.evidence, ...full.trafficIds];
  if (!full.ok)
    return { ok: false, reason: `reading task ${subject.value.id}: ${describeFailure(full)}`, evidence };
  return { ok: true, value: { task: subject.value, full: full.value, evidence }, evidence };
}

/** Judges one tasks/get with historyLength n: at most n messages, none for 0. */
export function judgeTruncation(n: number, got: CallOutcome<Task>, id: string): CheckVerdict | undefined {
  if (!got.ok)
    return fail(`tasks/get of ${id} with historyLength ${n}: ${describeFailure(got)}`, got.trafficIds);
  const count = got.value.history.length;
  if (count > n)
    return fail(
      `tasks/get of ${id} with historyLength ${n} returned ${count} history message(s)`,
      got.trafficIds,
    );
  return undefined;
}

export default defineCheck({
  id: "lifecycle.history-length",
  title: "historyLength is honoured: 0 returns no history, N at most N messages",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "tasks/get (GetTask) with historyLength 0 returns no history; with N > 0 it returns at most the last N messages, never more.",
  spec: "A2A 1.0 §3.2.4 (historyLength semantics), §3.1.3",
  tck: ["CORE-HIST-002", "HTTP_JSON-QP-001"],
  quote: {
    spec: "A2A 1.0.1 a2a.proto GetTaskRequest.history_length (§3.2.4 names the semantics)",
    text: "The maximum number of most recent messages from the task's history to retrieve. An unset value means the client does not impose any limit. A value of zero is a request to not include any messages. The server MUST NOT return more messages than the provided value, but MAY apply a lower limit.",
  },
  recommendation:
    "Apply historyLength to the stored history before answering: omit history for 0, keep only the last N messages for N > 0.",
  selfTest: [{ flaw: "history-ignored", protocols: ["1.0"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) => {
    const subject = await historySubject(ctx);
    if (!subject.ok) return skip(`no task to read: ${subject.reason}`);
    const { full, evidence } = subject.value;
    const none = await ctx.client.getTask(full.id, 0);
    const one = await ctx.client.getTask(full.id, 1);
    const all = [...evidence, ...none.trafficIds, ...one.trafficIds];
    const broken = judgeTruncation(0, none, full.id) ?? judgeTruncation(1, one, full.id);
    if (broken) return broken;
    const total = full.history.length;
    const note = total >= 2 ? "" : ` (N > 0 not really tested: the task holds ${total} message(s))`;
    return pass(`historyLength 0 gave no history and 1 gave at most one of ${total} messages${note}`, all);
  },
});
