import type { A2AClient, CallOutcome } from "../client/types.js";
import { backoffMs, pollTask } from "../client/poll-task.js";
import { activeStates, type Message, type Task } from "../protocol/model.js";

/** A fixture the agent could not provide, with the reason (becomes a skip or a failure). */
export type Provided<T> =
  { ok: true; value: T; evidence: string[] } | { ok: false; reason: string; evidence: string[] };

function describe(outcome: Exclude<CallOutcome<unknown>, { ok: true }>): string {
  if (outcome.kind === "error")
    return `${outcome.error.name} (${outcome.error.code}): ${outcome.error.message}`;
  if (outcome.kind === "unreachable") return outcome.error.message;
  return outcome.reason;
}

/** Polls a task with backoff (seed 003 pitfall: no fixed sleeps) until it leaves submitted/working. */
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
  return { ok: false, reason: `polling task ${id}: ${describe(polled.failure)}`, evidence };
}

/**
 * Tasks and messages several checks need, created once per binding and shared, so the suite sends
 * as few messages as it can. Behaviour Plainwright cannot force (a question back, a long-running task)
 * comes from the user's hints; without one the fixture says how to provide it.
 */
export class Fixtures {
  readonly #memo = new Map<string, Promise<Provided<unknown>>>();

  constructor(
    private readonly client: A2AClient,
    private readonly options: { message: string; hints: Readonly<Record<string, string>>; budgetMs: number },
  ) {}

  private once<T>(key: string, make: () => Promise<Provided<T>>): Promise<Provided<T>> {
    let promise = this.#memo.get(key);
    if (!promise) {
      promise = make();
      this.#memo.set(key, promise);
    }
    return promise as Promise<Provided<T>>;
  }

  /** The ordinary message the suite sends (a skill example when the card has one). */
  get message(): string {
    return this.options.message;
  }

  /** A fresh send of the ordinary message (not shared: for checks that need their own task). */
  async send(text = this.options.message, returnImmediately?: boolean): Promise<Provided<Task | Message>> {
    const sent = await this.client.send(
      { text },
      returnImmediately === undefined ? undefined : { returnImmediately },
    );
    return sent.ok
      ? { ok: true, value: sent.value, evidence: sent.trafficIds }
      : { ok: false, reason: `send failed: ${describe(sent)}`, evidence: sent.trafficIds };
  }

  /** Sends a message and polls its task until it leaves submitted/working. */
  private async sendAndSettle(text: string): Promise<Provided<Task>> {
    const sent = await this.send(text);
    if (!sent.ok) return sent;
    if (sent.value.kind !== "task")
      return { ok: false, reason: "the agent answered with a Message, not a Task", evidence: sent.evidence };
    const settled = await waitForSettled(this.client, sent.value, this.options.budgetMs);
    return { ...settled, evidence: [...sent.evidence, ...settled.evidence] };
  }

  /** A task of the ordinary message that reached a terminal or interrupted state. */
  settledTask(): Promise<Provided<Task>> {
    return this.once("settled", () => this.sendAndSettle(this.options.message));
  }

  /** A task still submitted/working, to cancel or subscribe to (hint `slow`). */
  async runningTask(): Promise<Provided<Task>> {
    const text = this.options.hints.slow;
    if (!text)
      return {
        ok: false,
        reason: 'no message known to keep the agent working; pass --hint slow="..."',
        evidence: [],
      };
    const sent = await this.send(text, true);
    if (!sent.ok) return sent;
    if (sent.value.kind !== "task")
      return {
        ok: false,
        reason: "the slow message was answered with a Message, not a Task",
        evidence: sent.evidence,
      };
    if (!activeStates.has(sent.value.state))
      return {
        ok: false,
        reason: `the slow message's task was already ${sent.value.state}`,
        evidence: sent.evidence,
      };
    return { ok: true, value: sent.value, evidence: sent.evidence };
  }

  /** A task waiting for input (hint `input-required`). */
  inputRequiredTask(): Promise<Provided<Task>> {
    return this.once("input-required", async () => {
      const text = this.options.hints["input-required"];
      if (!text)
        return {
          ok: false,
          reason: 'no message known to make the agent ask back; pass --hint input-required="..."',
          evidence: [],
        };
      const settled = await this.sendAndSettle(text);
      if (!settled.ok || settled.value.state === "input-required") return settled;
      return {
        ok: false,
        reason: `the hinted message ended ${settled.value.state}, not input-required`,
        evidence: settled.evidence,
      };
    });
  }
}

export { describe as describeFailure };
