import { describeFailure } from "../client/describe-failure.js";
import type { A2AClient } from "../client/types.js";
import { foldStream } from "../protocol/fold-stream.js";
import type { Reply, Task, TaskState } from "../protocol/model.js";
import type { Provided } from "./settled-task.js";
import { StopReading, taskIdOf } from "./support/stream-watch.js";

/** The state a stream event reports for its task, when it reports one. */
const stateOf = (event: Reply): TaskState | undefined =>
  event.kind === "task" || event.kind === "status-update" ? event.state : undefined;

/** The task a stream event names, as the event shows it (a Task event is one), under the id it was read by. */
function asStreamedTask(event: Reply, id: string): Task {
  const folded = foldStream([event]);
  return folded?.kind === "task" ? { ...folded, id } : { ...emptyTask, id };
}

/** What is known of a task a stream named by an event that says nothing of it. */
const emptyTask: Task = {
  kind: "task",
  id: "",
  state: "unknown",
  rawState: "unknown",
  artifacts: [],
  history: [],
};

/**
 * Streams a message and takes the task from its first event in a `wanted` state while the stream is
 * open; the stream is then dropped at its next event (A2A 0.3 §7.2, 1.0 §3.1.2: the task lives on).
 * `seen` is shown each event read, up to and with that one (what the stream delivered of the task).
 */
export async function taskFromStream(
  client: A2AClient,
  text: string,
  wanted: (state: TaskState) => boolean,
  seen?: (event: Reply) => void,
): Promise<Provided<Task>> {
  let found: (id: string | undefined) => void = () => undefined;
  const first = new Promise<string | undefined>((resolve) => (found = resolve));
  let id: string | undefined;
  let taken: Reply | undefined;
  const onEvent = (event: Reply): void => {
    if (id !== undefined) throw new StopReading();
    seen?.(event);
    const state = stateOf(event);
    if (state && wanted(state)) {
      id = taskIdOf(event);
      taken = event;
      found(id);
    }
  };
  const stream = client.stream({ text }, onEvent);
  const ended = stream.then(
    () => undefined,
    () => undefined,
  );
  const taskId = await Promise.race([first, ended]);
  if (taskId === undefined) {
    const outcome = await stream;
    return {
      ok: false,
      reason: outcome.failure ? `stream refused: ${describeFailure(outcome.failure)}` : "streamed task over",
      evidence: outcome.trafficIds,
    };
  }
  const got = await client.getTask(taskId);
  // The stream's own traffic entry is written when it ends; the read shows the running task. One that
  // cannot be read back is still a task the agent created: `sent` is it as the stream showed it.
  if (!got.ok)
    return {
      ok: false,
      reason: `reading streamed task ${taskId}: ${describeFailure(got)}`,
      evidence: got.trafficIds,
      unreadable: true,
      ...(taken ? { sent: asStreamedTask(taken, taskId) } : {}),
    };
  if (!wanted(got.value.state))
    return { ok: false, reason: `streamed task ${got.value.state}`, evidence: got.trafficIds };
  return { ok: true, value: got.value, evidence: got.trafficIds };
}
