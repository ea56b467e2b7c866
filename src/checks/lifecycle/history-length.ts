import type { CallOutcome } from "../../client/types.js";
import type { Task } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { waitForSettled, type Provided } from "../fixtures.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** What a history check reads: a task and its whole history (asked with a generous historyLength). */
export interface HistorySubject {
  task: Task;
  full: Task;
  evidence: string[];
}

/**
 * A task with as much history as the suite can get: a task that asked back (hinted, or found among the
 * skill examples) holds the user's message and the agent's question; an ordinary task often only the
 * first, and then a task of its own with a second message sent into it while it worked is read instead.
 */
export async function historySubject(ctx: CheckContext): Promise<Provided<HistorySubject>> {
  // A task that asked back holds at least two messages; the survey of skill examples finds one without a hint.
  const asked = await ctx.fixtures.inputRequiredTask();
  const subject = asked.ok ? asked : await ctx.fixtures.settledTask();
  if (!subject.ok) return subject;
  const read = await readWhole(ctx, subject);
  if (!read.ok || read.value.full.history.length >= 2) return read;
  const longer = await twoMessageTask(ctx);
  const reread = longer.ok ? await readWhole(ctx, longer) : undefined;
  return reread?.ok && reread.value.full.history.length >= 2 ? reread : read;
}

/**
 * A task of the check's own with as much history as the suite can get, for a check whose reads could change
 * the task: a finished one (its history may hold the agent's answer too), else one with a second message.
 */
export async function ownHistorySubject(ctx: CheckContext): Promise<Provided<HistorySubject>> {
  const finished = await ctx.fixtures.ownFinishedTask();
  const read = finished.ok ? await readWhole(ctx, finished) : finished;
  if (read.ok && read.value.full.history.length >= 2) return read;
  const longer = await twoMessageTask(ctx);
  const reread = longer.ok ? await readWhole(ctx, longer) : undefined;
  return reread?.ok && reread.value.full.history.length >= 2 ? reread : read;
}

/** The task read with historyLength 100, as docs/conformance.md step 2.5 asks, to see its whole history. */
async function readWhole(
  ctx: CheckContext,
  subject: Provided<Task> & { ok: true },
): Promise<Provided<HistorySubject>> {
  const full = await ctx.client.getTask(subject.value.id, 100);
  const evidence = [...subject.evidence, ...full.trafficIds];
  if (!full.ok)
    return { ok: false, reason: `reading task ${subject.value.id}: ${describeFailure(full)}`, evidence };
  return { ok: true, value: { task: subject.value, full: full.value, evidence }, evidence };
}

/**
 * A task of its own holding two user messages: one still working, a second message sent into it (its own
 * taskId and contextId, A2A 1.0.1 §3.4.3), then settled. Undefined reason: the caller keeps its first task.
 */
async function twoMessageTask(ctx: CheckContext): Promise<Provided<Task>> {
  const running = await ctx.fixtures.runningTask();
  if (!running.ok) return running;
  const task = running.value;
  const ids = { taskId: task.id, ...(task.contextId ? { contextId: task.contextId } : {}) };
  const second = await ctx.client.send({ text: ctx.fixtures.message, ...ids });
  const evidence = [...running.evidence, ...second.trafficIds];
  if (!second.ok)
    return {
      ok: false,
      reason: `a second message into task ${task.id}: ${describeFailure(second)}`,
      evidence,
    };
  const settled = await waitForSettled(ctx.client, task, ctx.timeoutMs / 2);
  return { ...settled, evidence: [...evidence, ...settled.evidence] };
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
  title: "historyLength N > 0 returns at most N messages",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "tasks/get (GetTask) with historyLength N > 0 returns at most the last N messages, never more. (historyLength 0 is lifecycle.history-length-zero's.)",
  spec: "A2A 1.0 §3.2.4 (historyLength semantics), §3.1.3",
  tck: ["CORE-HIST-002", "HTTP_JSON-QP-001"],
  quote: {
    spec: "A2A 1.0.1 a2a.proto GetTaskRequest.history_length (§3.2.4 names the semantics)",
    text: "The maximum number of most recent messages from the task's history to retrieve. An unset value means the client does not impose any limit. A value of zero is a request to not include any messages. The server MUST NOT return more messages than the provided value, but MAY apply a lower limit.",
  },
  recommendation:
    "Apply historyLength to the stored history before answering: keep only the last N messages.",
  selfTest: [
    { flaw: "history-ignored", protocols: ["1.0"], bindings: ["JSONRPC"], violates: ["CORE-HIST-002"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  generations: ["1.0"],
  run: async (ctx) => {
    const subject = await historySubject(ctx);
    if (!subject.ok) return skip(`no task to read: ${subject.reason}`);
    const { full, evidence } = subject.value;
    const total = full.history.length;
    // With one message or none there is nothing a limit could drop: a reply within it proves nothing.
    if (total < 2)
      return skip(`the task holds ${total} history message(s): nothing a historyLength limit could drop`);
    // The longest cut that still drops a message shows truncation best.
    const n = total - 1;
    const got = await ctx.client.getTask(full.id, n);
    const all = [...evidence, ...got.trafficIds];
    const broken = judgeTruncation(n, got, full.id);
    if (broken) return { ...broken, evidence: all };
    return pass(`historyLength ${n} returned at most ${n} of ${total} messages`, all);
  },
});
