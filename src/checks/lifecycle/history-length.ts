import type { CallOutcome } from "../../client/types.js";
import type { Task } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { waitForSettled, type Provided } from "../fixtures.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { ownAskingTask } from "../support/own-task.js";
import { twoTurnTask } from "../support/two-turns.js";

/** What a history check reads: a task and its whole history (asked with a generous historyLength). */
export interface HistorySubject {
  task: Task;
  full: Task;
  evidence: string[];
  /** When the task holds fewer than two messages: what the suite tried for a longer history, and what came of it. */
  triedLonger?: string;
}

/**
 * A task with as much history as the suite can get: a task that asked back (hinted, or found among the
 * skill examples) holds the user's message and the agent's question; an ordinary task often only the
 * first, and then the task that asked back and was answered (history-order's, two user messages), else a
 * task of its own with a second message sent into it while it worked, is read instead.
 */
export async function historySubject(ctx: CheckContext): Promise<Provided<HistorySubject>> {
  // A task that asked back holds at least two messages; the survey of skill examples finds one without a hint.
  const asked = await ctx.fixtures.inputRequiredTask();
  const subject = asked.ok ? asked : await ctx.fixtures.settledTask();
  if (!subject.ok) return subject;
  const read = await readWhole(ctx, subject.value.id, subject.evidence, subject.value);
  if (!read.ok || read.value.full.history.length >= 2) return read;
  // Only read: the shared two-turn task serves here as it does for history-order (seen at first sight: the
  // asked task kept the question in its status, not its history, and this check skipped despite the hint).
  return longerHistory(ctx, read.value, async () => {
    const turns = await twoTurnTask(ctx);
    return turns.ok ? readWhole(ctx, turns.value.taskId, turns.evidence) : turns;
  });
}

/**
 * A task of the check's own with as much history as the suite can get, for a check whose reads could change
 * the task: a finished one (its history may hold the agent's answer too), else one that asked back and was
 * answered, else one with a second message sent into it while it worked.
 */
export async function ownHistorySubject(ctx: CheckContext): Promise<Provided<HistorySubject>> {
  const finished = await ctx.fixtures.ownFinishedTask();
  const read = finished.ok
    ? await readWhole(ctx, finished.value.id, finished.evidence, finished.value)
    : finished;
  if (read.ok && read.value.full.history.length >= 2) return read;
  const longer = await longerHistory(ctx, read.ok ? read.value : undefined, () => ownTwoTurns(ctx));
  return longer.ok ? longer : read;
}

/**
 * A task with two user messages, when `short` holds fewer: the one that asked back and was answered
 * (`twoTurns`), when a message asks back, else a working task sent a second message. Otherwise `short`, saying
 * what was tried (never advising a hint the user gave).
 */
async function longerHistory(
  ctx: CheckContext,
  short: HistorySubject | undefined,
  twoTurns: () => Promise<Provided<HistorySubject>>,
): Promise<Provided<HistorySubject>> {
  const tried: string[] = [];
  const count = (s: HistorySubject) => s.full.history.length;
  if ((await ctx.fixtures.askingMessage()) !== undefined) {
    const turns = await twoTurns();
    if (turns.ok && count(turns.value) >= 2) return turns;
    tried.push(
      turns.ok
        ? `the task that asked back and was answered (${turns.value.full.id}) holds ${count(turns.value)}`
        : `a task that asked back and was answered: ${turns.reason}`,
    );
  }
  const second = await twoMessageTask(ctx);
  const reread = second.ok ? await readWhole(ctx, second.value.id, second.evidence, second.value) : second;
  if (reread.ok && count(reread.value) >= 2) return reread;
  tried.push(
    reread.ok
      ? `a working task sent a second message (${reread.value.full.id}) holds ${count(reread.value)}`
      : `a second message into a working task: ${reread.reason}`,
  );
  if (!short) return reread;
  return { ok: true, value: { ...short, triedLonger: tried.join("; ") }, evidence: short.evidence };
}

/**
 * Why a history of fewer than two messages is all there is, for a skip: what was tried, and the hint only
 * when the user did not give it (a given hint was tried, and the skip says what came of it).
 */
export function shortHistoryNote(ctx: CheckContext, subject: HistorySubject): string {
  const tried = subject.triedLonger ? `; tried for a longer one: ${subject.triedLonger}` : "";
  const hint = ctx.hints["input-required"];
  return hint
    ? `${tried}; the input-required hint ("${hint}") gave no longer history either`
    : `${tried}; pass --hint input-required="..." for a longer one`;
}

/** Task `id` read with historyLength 100, as docs/conformance.md step 2.5 asks, to see its whole history. */
async function readWhole(
  ctx: CheckContext,
  id: string,
  earlier: readonly string[],
  task?: Task,
): Promise<Provided<HistorySubject>> {
  const full = await ctx.client.getTask(id, 100);
  const evidence = [...earlier, ...full.trafficIds];
  if (!full.ok) return { ok: false, reason: `reading task ${id}: ${describeFailure(full)}`, evidence };
  return { ok: true, value: { task: task ?? full.value, full: full.value, evidence }, evidence };
}

/**
 * A task of the check's own that asked back and was answered once (as the shared two-turn task, which a
 * check whose reads could change the task must not read), read whole.
 */
async function ownTwoTurns(ctx: CheckContext): Promise<Provided<HistorySubject>> {
  const asked = await ownAskingTask(ctx);
  if (!asked.ok) return asked;
  const task = asked.value;
  const ids = { taskId: task.id, ...(task.contextId ? { contextId: task.contextId } : {}) };
  const answer = await ctx.client.send({ text: ctx.fixtures.message, ...ids });
  const evidence = [...asked.evidence, ...answer.trafficIds];
  if (!answer.ok)
    return {
      ok: false,
      reason: `the answer to task ${task.id} failed: ${describeFailure(answer)}`,
      evidence,
    };
  return readWhole(ctx, task.id, evidence, task);
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

/**
 * A length no message count can meet: the server validates it (1.0.1 §3.3.2 "Servers MUST validate all input
 * parameters before processing"; §6.5's validation error example refuses historyLength -5 as "Must be non-negative
 * integer") or returns no message (a2a.proto GetTaskRequest.history_length: "MUST NOT return more messages than
 * the provided value"). Seen at first sight: -3 served as JavaScript's slice(3), the history after its first three.
 */
const NEGATIVE_LENGTH = -1;

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
    "tasks/get (GetTask) with historyLength N > 0 returns at most the last N messages, never more; a negative historyLength is refused as invalid or returns no message. (historyLength 0 is lifecycle.history-length-zero's.)",
  spec: "A2A 1.0 §3.2.4 (historyLength semantics), §3.1.3, §3.3.2 (validation errors)",
  tck: ["CORE-HIST-002", "HTTP_JSON-QP-001"],
  quote: {
    spec: "A2A 1.0.1 a2a.proto GetTaskRequest.history_length (§3.2.4 names the semantics); §3.3.2",
    text: "The maximum number of most recent messages from the task's history to retrieve. An unset value means the client does not impose any limit. A value of zero is a request to not include any messages. The server MUST NOT return more messages than the provided value, but MAY apply a lower limit. … Servers MUST validate all input parameters before processing",
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
      return skip(
        `the task holds ${total} history message(s): nothing a historyLength limit could drop${shortHistoryNote(ctx, subject.value)}`,
      );
    // The longest cut that still drops a message shows truncation best.
    const n = total - 1;
    const got = await ctx.client.getTask(full.id, n);
    const all = [...evidence, ...got.trafficIds];
    const broken = judgeTruncation(n, got, full.id);
    if (broken) return { ...broken, evidence: all };
    const negative = await ctx.client.getTask(full.id, NEGATIVE_LENGTH);
    all.push(...negative.trafficIds);
    const served = negative.ok ? negative.value.history.length : 0;
    if (served > 0)
      return fail(
        `historyLength ${n} returned at most ${n} of ${total} messages, but GetTask with historyLength ${NEGATIVE_LENGTH} returned ${served}: a negative length is no valid input, to be refused or to give no message`,
        all,
      );
    const negativeRead = negative.ok ? "gave no message" : `was refused (${describeFailure(negative)})`;
    return pass(
      `historyLength ${n} returned at most ${n} of ${total} messages; historyLength ${NEGATIVE_LENGTH} ${negativeRead}`,
      all,
    );
  },
});
