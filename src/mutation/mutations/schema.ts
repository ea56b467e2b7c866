import { isObject } from "../exchange.js";
import type { Mutation } from "../types.js";
import { pushOperation, rpcResult, taskIn } from "./shapes.js";

/**
 * Deviations from the schema of a read or cancel reply that only the schema checks see (the client reads
 * such a reply leniently). Played on JSON-RPC: the 0.x JSON schemas describe the JSON-RPC objects only.
 */
export const schemaMutations: Mutation[] = [
  {
    id: "cancel-reply-message-without-id",
    what: "the Task a cancel returns holds messages (history, status message) without their messageId",
    clause:
      "A2A 0.3 §6.4 Message.messageId (required), §11.1.5; 1.0.1 §5.7, a2a.proto Message.message_id (REQUIRED)",
    check: "lifecycle.task-replies-schema-valid",
    bindings: ["JSONRPC"],
    reply: (r, x) => {
      const task = x.verb === "cancel" && x.binding === "jsonrpc" ? taskIn(r, x) : undefined;
      if (!task) return undefined;
      const status = isObject(task.status) ? task.status : {};
      const history = Array.isArray(task.history) ? (task.history as unknown[]) : [];
      const messages = [...history, status.message].filter(isObject).filter((m) => "messageId" in m);
      if (messages.length === 0) return undefined;
      for (const message of messages) delete message.messageId;
      return r;
    },
  },
  {
    // Seen at first sight: a 0.1 agent answers every cancel {"ok": true}, whatever the task's state.
    id: "cancel-answers-acknowledgement",
    what: 'tasks/cancel (CancelTask) answers the result {"ok": true} instead of the Task',
    clause:
      "A2A 0.1 §7.4 and 0.3 §7.4 tasks/cancel (result: Task), §11.1.5; 1.0.1 §3.1.5 CancelTask (returns the updated Task), §5.7",
    check: "lifecycle.task-replies-schema-valid",
    bindings: ["JSONRPC"],
    reply: (r, x) => {
      if (x.verb !== "cancel" || x.binding !== "jsonrpc" || !rpcResult(r) || !isObject(r.body))
        return undefined;
      r.body.result = { ok: true };
      return r;
    },
  },
  {
    id: "get-reply-task-without-kind",
    what: 'tasks/get returns the Task without kind: "task"',
    clause: "A2A 0.3 §6.1 Task.kind (required), §7.3, §11.1.5",
    check: "lifecycle.task-replies-schema-valid",
    generations: ["0.x"],
    bindings: ["JSONRPC"],
    reply: (r, x) => {
      const task = x.verb === "get" && x.binding === "jsonrpc" ? taskIn(r, x) : undefined;
      if (!task || !("kind" in task)) return undefined;
      delete task.kind;
      return r;
    },
  },
  {
    id: "push-config-reply-without-task-id",
    what: "the push config a set or get answers leaves out the taskId it belongs to",
    clause: "A2A 0.3 §6.10 TaskPushNotificationConfig.taskId (required), §7.5, §7.6, §11.1.5",
    check: "push.config-replies-schema-valid",
    generations: ["0.x"],
    bindings: ["JSONRPC"],
    reply: (r, x) => {
      const operation = x.binding === "jsonrpc" ? pushOperation(x) : undefined;
      const result = operation === "create" || operation === "get" ? rpcResult(r) : undefined;
      if (!result || !("taskId" in result)) return undefined;
      delete result.taskId;
      return r;
    },
  },
];
