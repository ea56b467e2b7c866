import type { A2AClient, CallOutcome } from "../../client/types.js";
import type { Task } from "../../protocol/model.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a call was refused with TaskNotFound (by code or, on HTTP+JSON and gRPC, by status and reason). */
export const isTaskNotFound = (call: CallOutcome<unknown>): boolean =>
  !call.ok && call.kind === "error" && call.error.name === "TaskNotFound";

/**
 * The task read back within `ms` after a read did not find it, polled with backoff (100 ms doubling to 1 s), or
 * undefined when it stays missing or the read fails otherwise: an agent that stores a task only once it is done
 * (seen at first sight) answers TaskNotFound in between.
 */
export async function foundLater(
  client: A2AClient,
  id: string,
  ms: number,
  evidence: string[],
): Promise<Task | undefined> {
  const deadline = Date.now() + ms;
  for (let delay = 100; Date.now() + delay < deadline; delay = Math.min(delay * 2, 1000)) {
    await sleep(delay);
    const got = await client.getTask(id);
    evidence.push(...got.trafficIds);
    if (got.ok) return got.value;
    if (!isTaskNotFound(got)) return undefined;
  }
  return undefined;
}
