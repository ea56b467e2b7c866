import { activeStates, type Task } from "../protocol/model.js";
import type { CallOutcome } from "./types.js";
import type { A2AClient } from "./types.js";

export interface PollOptions {
  /** Absolute time (Date.now()) after which no further read is made. */
  deadline: number;
  /** The wait before the n-th read (n from 1). */
  delayMs: (n: number) => number;
}

/** How polling ended: settled, out of time, or a read that did not return a Task. */
export type PollOutcome =
  | { ok: true; task: Task; polls: number; trafficIds: string[] }
  | { ok: false; why: "timeout"; task: Task; polls: number; trafficIds: string[] }
  | {
      ok: false;
      why: "read-failed";
      task: Task;
      polls: number;
      trafficIds: string[];
      failure: Exclude<CallOutcome<Task>, { ok: true }>;
    };

/** A fixed interval between reads (docs/test-files.md: one second). */
export const everyMs = (ms: number) => (): number => ms;

/** Doubling waits from `firstMs`, capped at `maxMs`: quick for tasks that settle at once, gentle for slow ones. */
export const backoffMs =
  (firstMs: number, maxMs: number) =>
  (n: number): number =>
    Math.min(firstMs * 2 ** (n - 1), maxMs);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads a submitted or working task (tasks/get, GetTask, or the binding's equivalent) until it leaves the
 * active states or the deadline passes. The last wait is shortened so one read happens at the deadline.
 * Never throws for an agent's misbehaviour: a failed read ends polling and is returned.
 */
export async function pollTask(client: A2AClient, task: Task, opts: PollOptions): Promise<PollOutcome> {
  let current = task;
  let polls = 0;
  const trafficIds: string[] = [];
  while (activeStates.has(current.state)) {
    const left = opts.deadline - Date.now();
    if (left <= 0) return { ok: false, why: "timeout", task: current, polls, trafficIds };
    await sleep(Math.min(opts.delayMs(polls + 1), left));
    polls += 1;
    const got = await client.getTask(current.id);
    trafficIds.push(...got.trafficIds);
    if (!got.ok) return { ok: false, why: "read-failed", task: current, polls, trafficIds, failure: got };
    current = got.value;
  }
  return { ok: true, task: current, polls, trafficIds };
}
