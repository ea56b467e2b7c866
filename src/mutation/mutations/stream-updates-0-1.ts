import { isObject } from "../exchange.js";
import type { Exchange, Json, Mutation } from "../types.js";

// Deviations in the shape of a 0.1 stream's updates (A2A 0.1 §7.2.2, §7.2.3), proven on the lab's 0.1 agents alone
// (no reference agent speaks 0.1).

/** The result of a 0.1 message stream's event, when it is an update naming its task by id (no `kind`). */
function update01(e: unknown, x: Exchange): Json | undefined {
  const update = isObject(e) && isObject(e.result) ? e.result : undefined;
  if (x.verb !== "stream" || !update || "kind" in update || typeof update.id !== "string") return undefined;
  return update;
}

/** The 0.1 stream update deviations. */
export const streamUpdateMutations01: Mutation[] = [
  {
    id: "stream-updates-state-beside-id-0-1",
    bindings: ["JSONRPC"],
    generations: ["0.x"],
    protocols: ["0.1"],
    what: "the status updates of a 0.1 stream carry their state beside the task id, with no status object (seen at first sight)",
    clause: "A2A 0.1 §7.2.2 TaskStatusUpdateEvent.status: TaskStatus (required)",
    check: "streaming.events-well-formed",
    event: (e, x) => {
      const update = update01(e, x);
      if (!update || !("final" in update) || !isObject(update.status)) return undefined;
      update.state = update.status.state;
      delete update.status;
      return { events: [e] };
    },
  },
  {
    id: "stream-updates-name-task-as-taskid-0-1",
    bindings: ["JSONRPC"],
    generations: ["0.x"],
    protocols: ["0.1"],
    what: "the status and artifact updates of a 0.1 stream name their task by taskId (0.2's name), with no id (seen at first sight)",
    clause: "A2A 0.1 §7.2.2 TaskStatusUpdateEvent.id, §7.2.3 TaskArtifactUpdateEvent.id (required)",
    check: "streaming.events-well-formed",
    event: (e, x) => {
      const update = update01(e, x);
      if (!update || (!("final" in update) && !("artifact" in update))) return undefined;
      update.taskId = update.id;
      delete update.id;
      return { events: [e] };
    },
  },
];
