import type { A2AClient } from "../../client/types.js";
import { activeStates, type Reply } from "../../protocol/model.js";
import { taskIdOf } from "./stream-watch.js";

/**
 * A stream cut by Plainwright's silence limit whose task still works when read: the stream stays open until
 * its task's final event (0.3 §7.2, 1.0.1 §3.1.2), and no clause bounds how long a task may work, so the
 * stream did nothing wrong (seen at first sight: tasks an agent left working forever failed stream-ends and
 * final-event at MUST). The skip's words, or undefined when the task ended (or cannot be read).
 */
export async function silentWhileWorking(
  client: A2AClient,
  events: readonly Reply[],
): Promise<string | undefined> {
  const id = events.map(taskIdOf).find((t) => t !== undefined);
  if (id === undefined) return undefined;
  const read = await client.getTask(id);
  if (!read.ok || !activeStates.has(read.value.state)) return undefined;
  return `the stream went silent while its task ${id} was still ${read.value.state} (read back): a stream stays open until its task's final event, and the task had not ended`;
}
