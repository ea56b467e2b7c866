import { describeFailure } from "../../client/describe-failure.js";
import { methodName } from "../../client/methods.js";
import { activeStates, type Reply } from "../../protocol/model.js";
import { taskFromStream } from "../streamed-task.js";
import type { CheckContext } from "../types.js";
import { isTaskNotFound } from "./found-later.js";
import { taskIdOf } from "./stream-watch.js";

// A task is the client's to read from the moment the agent gives its id (0.3 §7.3, 1.0.1 §3.1.3: the current
// state "of a previously initiated task"); an agent that stores a task only once it is done answers
// TaskNotFound in between (seen at first sight: a 0.1 proxy that writes a task when its backend answers).

/** What reading a task that still works showed: a problem, or nothing to say, with the traffic. */
export interface RunningRead {
  problem?: string;
  /** The task read while it worked, or not found then. */
  taskId?: string;
  evidence: string[];
}

/**
 * Reads task `id`, given as `state`: the problem when the read did not find it; its id when the read saw it still
 * at work; neither when it was over by then (the read shows nothing of a task at work).
 */
async function readBack(ctx: CheckContext, id: string, state: string, how: string): Promise<RunningRead> {
  const got = await ctx.client.getTask(id);
  if (got.ok)
    return activeStates.has(got.value.state)
      ? { taskId: id, evidence: got.trafficIds }
      : { evidence: got.trafficIds };
  if (!isTaskNotFound(got)) return { evidence: got.trafficIds };
  return {
    taskId: id,
    problem: `task ${id}, ${how} ${state}, was not found by ${methodName(ctx.generation, "get")} while it worked: ${describeFailure(got)}`,
    evidence: got.trafficIds,
  };
}

/**
 * Reads a task while it still works: the running task the suite finds for its cancel and subscribe checks (sent
 * without waiting, the message that kept the agent busiest first), else (when the card claims streaming) one
 * taken from its stream's first submitted/working event. A task over before it could be read says nothing.
 */
export async function readWhileRunning(ctx: CheckContext): Promise<RunningRead> {
  const running = await ctx.fixtures.runningTask();
  const evidence = [...running.evidence];
  if (running.ok && activeStates.has(running.value.state)) {
    const read = await readBack(ctx, running.value.id, running.value.state, "given as");
    if (read.taskId) return withEvidence(read, evidence);
    evidence.push(...read.evidence);
  }
  if (!ctx.validation.card.capabilities.streaming) return { evidence };
  let first: Reply | undefined;
  const streamed = await taskFromStream(
    ctx.client,
    ctx.fixtures.message,
    (state) => activeStates.has(state),
    (event) => void (first ??= event),
  );
  evidence.push(...streamed.evidence);
  const id = first ? taskIdOf(first) : undefined;
  // The stream's read of its task found it at work (taskFromStream reads it while the stream is open).
  if (streamed.ok) return { taskId: streamed.value.id, evidence };
  if (!streamed.unreadable || !id || !first || !("state" in first)) return { evidence };
  // The stream's own read failed: read once more, so that a lost connection is not taken for a missing task.
  return withEvidence(await readBack(ctx, id, first.state, "announced by its stream as"), evidence);
}

function withEvidence(read: RunningRead, before: readonly string[]): RunningRead {
  return { ...read, evidence: [...before, ...read.evidence] };
}
