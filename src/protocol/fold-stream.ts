import type { Artifact, Message, Reply, Task } from "./model.js";

/**
 * Folds the results of an event stream into the one reply they describe: the last Message, or the
 * Task with every later status and artifact update applied. A stream of updates with no Task still
 * describes a task (0.1 and some 0.3 servers never send the Task itself).
 */
export function foldStream(replies: readonly Reply[]): Task | Message | undefined {
  let current: Task | Message | undefined;
  for (const reply of replies) {
    if (reply.kind === "task" || reply.kind === "message") {
      current = reply;
      continue;
    }
    const task: Task =
      current?.kind === "task"
        ? { ...current }
        : {
            kind: "task",
            id: reply.taskId ?? "",
            ...(reply.contextId ? { contextId: reply.contextId } : {}),
            state: "unknown",
            rawState: "",
            artifacts: [],
            history: [],
          };
    if (reply.kind === "status-update") {
      task.state = reply.state;
      task.rawState = reply.rawState ?? reply.state;
      if (reply.statusMessage) task.statusMessage = reply.statusMessage;
    } else {
      task.artifacts = mergeArtifact(task.artifacts, reply.artifact);
    }
    current = task;
  }
  return current;
}

function mergeArtifact(artifacts: readonly Artifact[], update: Artifact): Artifact[] {
  const at =
    update.artifactId === undefined ? -1 : artifacts.findIndex((a) => a.artifactId === update.artifactId);
  if (at < 0) return [...artifacts, update];
  const merged = artifacts.slice();
  const existing = merged[at] as Artifact;
  merged[at] = { ...existing, parts: [...existing.parts, ...update.parts] };
  return merged;
}
