import { activeStates, type Reply, type Task } from "../../protocol/model.js";
import { textOfParts } from "../../protocol/reply-text.js";
import type { CheckContext } from "../types.js";
import { settledWithin } from "./time-box.js";
import { graceAfterFinalMs, mayEndStream, taskIdOf, watchStream } from "./stream-watch.js";

/** What a task produced and how long it took from its send to its end. */
export interface RunOutput {
  ms: number;
  /** The characters of text in its artifacts. */
  chars: number;
}

/**
 * The characters of text a task produced: its artifacts, and the agent's messages (in its history and its
 * status), where agents that stream their output as status messages keep it.
 */
export function outputChars(task: Pick<Task, "artifacts" | "history" | "statusMessage">): number {
  const agentMessages = [
    ...task.history.filter((m) => m.role === "agent"),
    ...(task.statusMessage ? [task.statusMessage] : []),
  ];
  return [...task.artifacts, ...agentMessages].reduce((n, x) => n + textOfParts(x.parts).length, 0);
}

/**
 * The same message streamed to its end with nobody dropping anything, read back once over: how long it took and
 * what it produced. Undefined when it did not end in the time given or could not be read.
 */
export async function undisturbedRun(
  ctx: CheckContext,
  text: string,
  budgetMs: number,
  evidence: string[],
): Promise<RunOutput | undefined> {
  const started = Date.now();
  let endedAt: number | undefined;
  const watching = watchStream((onEvent) => ctx.client.stream({ text }, onEvent), {
    graceMs: graceAfterFinalMs(ctx.timeoutMs),
    // The run ends where its stream may: at a terminal state, or where the task asks back (its turn is over).
    stopAt: (event: Reply) => {
      const ended = mayEndStream(event);
      if (ended) endedAt = Date.now();
      return ended;
    },
  });
  const watched = await settledWithin(watching, budgetMs);
  evidence.push(...(watched?.outcome?.trafficIds ?? []));
  const id = watched?.events.map(taskIdOf).find((x) => x !== undefined);
  if (endedAt === undefined || id === undefined) return undefined;
  const read = await ctx.client.getTask(id);
  evidence.push(...read.trafficIds);
  if (!read.ok || activeStates.has(read.value.state)) return undefined;
  return { ms: endedAt - started, chars: outputChars(read.value) };
}

/**
 * Why a task that ended after its stream was dropped was cut short by the drop, or undefined: it ended in less
 * than half the time the same message takes undisturbed, and with less output. Both at once, so that an agent
 * whose answers vary in length or pace from one run to the next is not failed for that alone.
 */
export function cutShortByDrop(dropped: RunOutput, undisturbed: RunOutput): string | undefined {
  if (dropped.ms * 2 >= undisturbed.ms || dropped.chars >= undisturbed.chars) return undefined;
  return `ended within ${(dropped.ms / 1000).toFixed(1)} s of its send with ${dropped.chars} character(s) of output, while the same message streamed undisturbed took ${(undisturbed.ms / 1000).toFixed(1)} s and produced ${undisturbed.chars}`;
}
