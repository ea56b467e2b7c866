import { randomUUID } from "node:crypto";
import { editReply, is, messageOf, sentTask, storedTask } from "./rpc-call.js";
import type { FlawDefinition } from "../types.js";
import { isObject } from "../json.js";

/** Flaws of taskId and contextId handling across turns (A2A 1.0 §3.4.2, §3.4.3), in the JSON-RPC front. */
export const MULTI_TURN_FLAWS: FlawDefinition[] = [
  {
    name: "unknown-task-message-accepted",
    category: "protocol",
    protocols: ["0.3", "1.0"],
    description:
      "A message naming a taskId the agent never issued starts a new task instead of TaskNotFound.",
    expect: "lifecycle.unknown-task-message fails",
    rpc: async (call, _res, kit) => {
      if (!is(call, kit, "send")) return false;
      const message = messageOf(call);
      if (typeof message.taskId === "string" && !(await storedTask(kit, message.taskId)))
        delete message.taskId;
      return false;
    },
  },
  {
    name: "context-mismatch-accepted",
    category: "protocol",
    protocols: ["1.0"],
    description: "A message naming a task with another task's contextId is run in the task anyway.",
    expect: "lifecycle.context-task-mismatch fails",
    rpc: async (call, _res, kit) => {
      if (!is(call, kit, "send")) return false;
      const message = messageOf(call);
      const task = await storedTask(kit, message.taskId);
      if (task && typeof message.contextId === "string" && message.contextId !== task.contextId)
        message.contextId = task.contextId;
      return false;
    },
  },
  {
    name: "task-context-not-inferred",
    category: "protocol",
    protocols: ["1.0"],
    description: "A message naming a task without a contextId is answered in a fresh context.",
    expect: "lifecycle.task-id-implies-context fails",
    rpc: (call, res, kit) => {
      const message = messageOf(call);
      if (!is(call, kit, "send") || typeof message.taskId !== "string" || message.contextId) return false;
      return editReply(res, (body) => {
        const task = sentTask(body.result);
        if (task && isObject(task.status)) task.contextId = randomUUID();
        return body;
      });
    },
  },
];
