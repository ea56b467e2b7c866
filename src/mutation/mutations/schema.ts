import { isObject } from "../exchange.js";
import type { BufferedReply, Mutation } from "../types.js";
import { pushOperation, rpcResult, taskIn } from "./shapes.js";

/**
 * Deviations from the schema of a read or cancel reply that only the schema checks see (the client reads
 * such a reply leniently). Played on JSON-RPC: the 0.x JSON schemas describe the JSON-RPC objects only.
 */
/** A JSON-RPC reply turned into an internal error (-32603), whatever it said. */
function recodeAsInternal(r: BufferedReply): BufferedReply {
  const id = isObject(r.body) ? r.body.id : null;
  return {
    ...r,
    status: 200,
    contentType: "application/json",
    body: {
      jsonrpc: "2.0",
      id,
      error: { code: -32603, message: "Cannot read properties of undefined (reading 'url')" },
    },
  };
}

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
    // Seen at first sight: set refused (the agent wants its own params), the config a send carried stored, and
    // get and list answering it in a shape of the agent's own that no client reads as a config.
    id: "push-config-own-shape",
    what: "setting a push config fails, and get and list answer the config a send carried as {taskId, configId, config} instead of {taskId, pushNotificationConfig}",
    clause:
      "A2A 0.3 §6.10 TaskPushNotificationConfig (taskId, pushNotificationConfig required), §7.6, §11.1.5",
    check: "push.config-replies-schema-valid",
    generations: ["0.x"],
    bindings: ["JSONRPC"],
    reply: (r, x) => {
      const operation = x.binding === "jsonrpc" ? pushOperation(x) : undefined;
      if (operation === "create") return recodeAsInternal(r);
      if (operation !== "get" && operation !== "list") return undefined;
      const result = isObject(r.body) ? r.body.result : undefined;
      const own = (c: unknown) =>
        isObject(c) && isObject(c.pushNotificationConfig)
          ? { taskId: c.taskId, configId: c.pushNotificationConfig.id, config: c.pushNotificationConfig }
          : c;
      if (result === undefined || !isObject(r.body)) return undefined;
      r.body.result = Array.isArray(result) ? result.map(own) : own(result);
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
