import type { A2AClient } from "../client/types.js";
import { foldStream } from "../protocol/fold-stream.js";
import { activeStates, type Task } from "../protocol/model.js";
import { sendForTask, type Provided } from "./settled-task.js";
import { graceAfterFinalMs, mayEndStream, watchStream } from "./support/stream-watch.js";

/**
 * What the suite answers an agent that asks back before it works, in turn: a number (the question seen at
 * first sight was "how many times?"), then a plain yes.
 */
export const STOCK_ANSWERS = ["1", "Yes, please go ahead."] as const;

/** A message in a task that asked back: its id, and its context when it has one. */
const answerIn = (task: Task, text: string) => ({
  text,
  taskId: task.id,
  ...(task.contextId ? { contextId: task.contextId } : {}),
});

/**
 * One answer to a task that asks back, sent in that task (A2A 0.3 §6.3, 1.0.1 §3.4.3: a message naming an
 * input-required task continues it), followed until the task settles again.
 */
export async function answerInTask(
  client: A2AClient,
  task: Task,
  answer: string,
  budgetMs: number,
): Promise<Provided<Task>> {
  const settled = await sendForTask(client, answerIn(task, answer), budgetMs);
  // No task came back (a failed send or a Message): the settled task's own reasons are said as they are.
  if (!settled.ok && !settled.sent)
    return {
      ok: false,
      reason: `the answer "${answer}" to task ${task.id} made no task`,
      evidence: settled.evidence,
    };
  return settled;
}

/**
 * One answer to a task that asks back, sent in that task by stream and read until the stream may end: the
 * task as its events leave it. An agent whose tasks cannot be read back (no tasks/get) shows there what the
 * answer led to (seen at first sight: an answer by send is never run, the same answer by stream completes).
 */
export async function answerInStream(
  client: A2AClient,
  task: Task,
  answer: string,
  timeoutMs: number,
): Promise<Provided<Task>> {
  const input = answerIn(task, answer);
  const watched = await watchStream((onEvent) => client.stream(input, onEvent), {
    graceMs: graceAfterFinalMs(timeoutMs),
    // The first event may be the Task as it was before the answer ran: a later one says where it led.
    stopAt: (event, index) => index > 0 && mayEndStream(event),
  });
  const evidence = watched.outcome?.trafficIds ?? [];
  const folded = foldStream(watched.events);
  if (folded?.kind !== "task" || folded.id === "")
    return { ok: false, reason: `the answer "${answer}" to task ${task.id} streamed no task`, evidence };
  return { ok: true, value: folded, evidence };
}

/** How answerUntilOver sends each answer: by send, the task then read back, or by stream. */
export type AnswerWay = "send" | "stream";

/**
 * Answers a task that asks back with the stock answers, one turn each, while it keeps asking: an agent that
 * always asks first only then shows a finished task. The task as it stands after the last turn that worked;
 * `unfollowed` says why an answer's task could not be read back, when that ended the turns.
 */
export async function answerUntilOver(
  client: A2AClient,
  asking: Task,
  budgetMs: number,
  way: AnswerWay = "send",
): Promise<Provided<{ task: Task; answers: string[]; unfollowed?: string }>> {
  let task = asking;
  const answers: string[] = [];
  const evidence: string[] = [];
  let unfollowed: string | undefined;
  for (const answer of STOCK_ANSWERS) {
    if (task.state !== "input-required") break;
    const next =
      way === "stream"
        ? await answerInStream(client, task, answer, budgetMs)
        : await answerInTask(client, task, answer, budgetMs);
    evidence.push(...next.evidence);
    if (!next.ok) {
      if (next.unreadable) unfollowed = next.reason;
      break;
    }
    answers.push(answer);
    task = next.value;
  }
  return { ok: true, value: { task, answers, ...(unfollowed ? { unfollowed } : {}) }, evidence };
}

/**
 * The first stock answer sent in a task that asked back, with the send's execution mode given (0.x
 * `blocking`, 1.0 `returnImmediately`): the send's own reply, not followed further.
 */
export function sendFirstAnswer(
  client: A2AClient,
  asking: Task,
  returnImmediately: boolean,
): ReturnType<A2AClient["send"]> {
  const [answer] = STOCK_ANSWERS;
  return client.send(answerIn(asking, answer), { returnImmediately });
}

/**
 * A task that asked back, answered with the first stock answer without waiting (0.x `blocking: false`, 1.0
 * `returnImmediately`): the task, when the answer set it working. Some agents work only once answered
 * (seen at first sight), so that is where their running task is, to cancel or subscribe to.
 */
export async function answerIntoWork(client: A2AClient, asking: Task): Promise<Provided<Task>> {
  const [answer] = STOCK_ANSWERS;
  const sent = await sendFirstAnswer(client, asking, true);
  const evidence = sent.trafficIds;
  if (!sent.ok || sent.value.kind !== "task")
    return { ok: false, reason: `the answer "${answer}" to task ${asking.id} made no task`, evidence };
  if (!activeStates.has(sent.value.state))
    return {
      ok: false,
      reason: `task ${asking.id} answered "${answer}" was already ${sent.value.state}`,
      evidence,
    };
  return { ok: true, value: sent.value, evidence };
}
