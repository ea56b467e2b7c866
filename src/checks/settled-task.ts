import { describeFailure } from "../client/describe-failure.js";
import { backoffMs, pollTask } from "../client/poll-task.js";
import type { A2AClient, SendInput, SendOptions } from "../client/types.js";
import type { Message, Task } from "../protocol/model.js";

/**
 * A message the agent took only in another form than its generation's own (CallOutcome.readDespite): what the
 * finding says, and whether that form is one the spec's own text gives too (a note then, not a failure).
 */
export interface Bent {
  note: string;
  allowed?: true;
}

/** A fixture the agent could not provide, with the reason (becomes a skip or a failure). */
export type Provided<T> =
  /**
   * `sent`: the Task as the send returned it, before the task was followed (a fixture that sent one);
   * `bent`: the agent took the message only in a form its generation does not specify (CallOutcome.readDespite);
   * `streamed`: the send answered with a Message, and the task is the one a stream of the same message made.
   */
  | {
      ok: true;
      value: T;
      evidence: string[];
      sent?: Task;
      bent?: Bent;
      streamed?: true;
    }
  /**
   * `sent`: the Task the send returned, when the send worked but the task could not be followed to its end;
   * `unreadable`: reading it back failed (lifecycle.get-task's finding), rather than waiting for it.
   */
  | {
      ok: false;
      reason: string;
      evidence: string[];
      sent?: Task;
      unreadable?: true;
      bent?: Bent;
      streamed?: true;
    };

/** Polls a task with backoff (docs/conformance.md, pitfalls: no fixed sleeps) until it leaves submitted/working. */
export async function waitForSettled(
  client: A2AClient,
  task: Task,
  budgetMs: number,
): Promise<Provided<Task>> {
  const polled = await pollTask(client, task, {
    deadline: Date.now() + budgetMs,
    delayMs: backoffMs(50, 1000),
  });
  const evidence = polled.trafficIds;
  if (polled.ok) return { ok: true, value: polled.task, evidence };
  const { id, state } = polled.task;
  if (polled.why === "timeout")
    return {
      ok: false,
      reason: `task ${id} still ${state} after ${Math.round(budgetMs / 1000)} s`,
      evidence,
    };
  return {
    ok: false,
    reason: `polling task ${id}: ${describeFailure(polled.failure)}`,
    evidence,
    unreadable: true,
  };
}

/**
 * One message of a check's own, its task followed until it leaves submitted/working: the settled Task (`sent`:
 * as the send returned it), or the Message the agent answered with instead. A failed send says why in the
 * reason "the send failed: ...", and `refusal` holds that description alone.
 */
export async function sendAndSettle(
  client: A2AClient,
  input: SendInput,
  budgetMs: number,
  options?: SendOptions,
): Promise<Provided<Task | Message> & { refusal?: string }> {
  const sent = await client.send(input, options);
  if (!sent.ok) {
    const refusal = describeFailure(sent);
    return { ok: false, reason: `the send failed: ${refusal}`, refusal, evidence: sent.trafficIds };
  }
  if (sent.value.kind === "message") return { ok: true, value: sent.value, evidence: sent.trafficIds };
  const settled = await waitForSettled(client, sent.value, budgetMs);
  return { ...settled, evidence: [...sent.trafficIds, ...settled.evidence], sent: sent.value };
}

/** sendAndSettle for a check that needs a Task: a Message answer is a reason, said as `messageReply`. */
export async function sendForTask(
  client: A2AClient,
  input: SendInput,
  budgetMs: number,
  messageReply = "the agent answered with a Message, not a Task",
): Promise<Provided<Task>> {
  const settled = await sendAndSettle(client, input, budgetMs);
  if (!settled.ok) return settled;
  const { value } = settled;
  if (value.kind !== "task") return { ok: false, reason: messageReply, evidence: settled.evidence };
  return { ...settled, value };
}
