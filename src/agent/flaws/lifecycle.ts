import { randomUUID } from "node:crypto";
import { sendRpcResult } from "../http/jsonrpc-front.js";
import type { AgentProtocol, FlawDefinition, JsonObject, ProtocolKit, RpcHook } from "../types.js";
import {
  ACTIVE,
  editReply,
  is,
  messageOf,
  paramsOf,
  recode,
  sentTask,
  stateOf,
  storedTask,
  TERMINAL,
  wireState,
} from "./rpc-call.js";
import { isObject } from "../json.js";
import { streamEdited } from "./streaming.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

/** A completed task's artifacts moved into its status message as text parts (flaw output-in-status-message). */
function outputToStatus(task: JsonObject | undefined, kit: ProtocolKit): void {
  if (!task || !Array.isArray(task.artifacts) || task.artifacts.length === 0) return;
  const status = isObject(task.status) ? task.status : undefined;
  if (!status || !/completed/i.test(String(status.state))) return;
  const texts = (task.artifacts as unknown[]).flatMap((a) =>
    isObject(a) && Array.isArray(a.parts) ? (a.parts as unknown[]).filter(isObject) : [],
  );
  const v10 = kit.protocol === "1.0";
  status.message = {
    ...(v10 ? {} : { kind: "message" }),
    messageId: randomUUID(),
    role: v10 ? "ROLE_AGENT" : "agent",
    parts: texts,
  };
  delete task.artifacts;
}

const FIXED_TASK_ID = "task-1";

/** Answers the cancel of a task in one of `states` with the task marked canceled, without canceling it. */
const cancelAnsweredNotDone =
  (states: ReadonlySet<string>): RpcHook =>
  async (call, res, kit) => {
    if (!is(call, kit, "cancel")) return false;
    const task = await storedTask(kit, paramsOf(call).id);
    if (!task || !states.has(stateOf(task))) return false;
    const status = { state: wireState(kit, "canceled"), timestamp: new Date().toISOString() };
    sendRpcResult(res, call.id, { ...task, status });
    return true;
  };

/** Lifecycle, history, cancel and list flaws (all in the JSON-RPC front). */

export const LIFECYCLE_FLAWS: FlawDefinition[] = [
  {
    name: "history-ignored",
    category: "protocol",
    protocols: BOTH,
    description: "tasks/get ignores historyLength and always returns the whole history.",
    expect: "lifecycle.history-length (1.0) / lifecycle.history-length-0x (0.3) fails",
    rpc: (call, _res, kit) => {
      if (is(call, kit, "get")) delete paramsOf(call).historyLength;
      return false;
    },
  },
  {
    name: "history-never-returned",
    category: "protocol",
    protocols: BOTH,
    description: "tasks/get never includes the task's history, whatever historyLength asks for.",
    expect: "lifecycle.history-present fails",
    rpc: (call, _res, kit) => {
      if (is(call, kit, "get") && isObject(call.params)) call.params.historyLength = 0;
      return false;
    },
  },
  {
    name: "task-not-found-wrong-code",
    category: "protocol",
    protocols: BOTH,
    description: "tasks/get of an unknown id answers -32603 (internal error) instead of TaskNotFound -32001.",
    expect: "lifecycle.unknown-task-not-found fails",
    rpc: (call, res, kit) =>
      is(call, kit, "get") && editReply(res, recode(-32001, -32603, "Internal error: lookup failed.")),
  },
  {
    name: "cancel-unknown-wrong-code",
    category: "protocol",
    protocols: BOTH,
    description:
      "tasks/cancel of an unknown id answers -32603 (internal error) instead of TaskNotFound -32001.",
    expect: "lifecycle.cancel-unknown-task fails",
    rpc: (call, res, kit) =>
      is(call, kit, "cancel") && editReply(res, recode(-32001, -32603, "Internal error: cancel failed.")),
  },
  {
    name: "cancel-ignored",
    category: "protocol",
    protocols: BOTH,
    description: "tasks/cancel of a running task returns it unchanged and lets it run to completion.",
    expect: "lifecycle.cancel-running fails",
    rpc: async (call, res, kit) => {
      if (!is(call, kit, "cancel")) return false;
      const task = await storedTask(kit, paramsOf(call).id);
      if (!task || !ACTIVE.has(stateOf(task))) return false;
      sendRpcResult(res, call.id, task);
      return true;
    },
  },
  {
    name: "asks-back-cancel-undone",
    category: "protocol",
    protocols: BOTH,
    description:
      "Every task works, then asks back (input-required); tasks/cancel of a working task replies canceled, but the work goes on and the task ends input-required (work capped at 300 ms).",
    expect:
      "lifecycle.cancel-running fails: the cancel must be tried on a working task, not only on one waiting for input",
    unhinted: true,
    plan: (plan) => ({
      ...plan,
      workMs: Math.min(plan.workMs, 300),
      outcome: { kind: "input-required", question: "Anything else?" },
    }),
    rpc: cancelAnsweredNotDone(ACTIVE),
  },
  {
    name: "cancel-then-completes",
    category: "protocol",
    protocols: BOTH,
    description:
      "tasks/cancel of a running task replies canceled, but the work goes on and the task completes anyway (work capped at 300 ms).",
    expect: "lifecycle.cancel-running fails",
    // The cap makes the completion show within the check's watch, whatever message kept the task working.
    plan: (plan) => ({ ...plan, workMs: Math.min(plan.workMs, 300) }),
    rpc: cancelAnsweredNotDone(ACTIVE),
  },
  {
    name: "cancel-finished-succeeds",
    category: "protocol",
    protocols: BOTH,
    description:
      "tasks/cancel of a finished task succeeds and returns it as canceled instead of TaskNotCancelable.",
    expect: "lifecycle.cancel-terminal-errors (1.0) / lifecycle.cancel-terminal-errors-0x (0.3) fail",
    rpc: cancelAnsweredNotDone(TERMINAL),
  },
  {
    name: "context-not-kept",
    category: "protocol",
    protocols: BOTH,
    description: "A new message's contextId is dropped: every task gets a fresh context.",
    expect: "lifecycle.context-kept fails",
    rpc: (call, _res, kit) => {
      const message = messageOf(call);
      if (is(call, kit, "send") && message.contextId && !message.taskId) delete message.contextId;
      return false;
    },
  },
  {
    name: "input-required-new-task",
    category: "protocol",
    protocols: BOTH,
    description: "The answer to an input-required task starts a new task instead of continuing it.",
    expect: "lifecycle.input-required-continues fails",
    rpc: async (call, _res, kit) => {
      if (!is(call, kit, "send")) return false;
      const message = messageOf(call);
      const task = await storedTask(kit, message.taskId);
      if (task && stateOf(task) === "input_required") delete message.taskId;
      return false;
    },
  },
  {
    name: "terminal-task-accepts-message",
    category: "protocol",
    protocols: BOTH,
    description:
      "A message to a finished task is accepted (the task is returned as it is) instead of refused.",
    expect: "lifecycle.terminal-task-rejects-message fails",
    rpc: async (call, res, kit) => {
      if (!is(call, kit, "send")) return false;
      const task = await storedTask(kit, messageOf(call).taskId);
      if (!task || !TERMINAL.has(stateOf(task))) return false;
      sendRpcResult(res, call.id, kit.protocol === "1.0" ? { task } : task);
      return true;
    },
  },
  {
    name: "duplicate-task-ids",
    category: "protocol",
    protocols: BOTH,
    description: `message/send (SendMessage) reports every task under the same id, "${FIXED_TASK_ID}".`,
    expect: "lifecycle.server-generated-ids fails, and every check that reads the task back",
    rpc: (call, res, kit) =>
      is(call, kit, "send") &&
      editReply(res, (body) => {
        const task = sentTask(body.result);
        if (task) task.id = FIXED_TASK_ID;
        return body;
      }),
  },
  {
    name: "polled-status-stale",
    category: "protocol",
    protocols: BOTH,
    description: "tasks/get always reports the submitted state: a polling client never sees a task finish.",
    expect: "lifecycle.reaches-terminal and lifecycle.cancel-running fail",
    rpc: (call, res, kit) =>
      is(call, kit, "get") &&
      editReply(res, (body) =>
        isObject(body.result)
          ? { ...body, result: { ...body.result, status: { state: wireState(kit, "submitted") } } }
          : body,
      ),
  },
  {
    name: "task-without-context",
    category: "protocol",
    protocols: BOTH,
    description: "message/send (SendMessage) returns its Task without a contextId.",
    expect: "lifecycle.send-returns-task and the checks that need the contextId fail",
    rpc: (call, res, kit) =>
      is(call, kit, "send") &&
      editReply(res, (body) => {
        const task = sentTask(body.result);
        if (task) delete task.contextId;
        return body;
      }),
  },
  {
    name: "send-task-missing-kind",
    category: "protocol",
    protocols: ["0.3"],
    description: 'message/send returns its Task without kind: "task" (required since A2A 0.2).',
    expect: "lifecycle.reply-well-formed fails",
    rpc: (call, res, kit) =>
      is(call, kit, "send") &&
      editReply(res, (body) => {
        // A copy: the SDK replies with its stored task, and a deletion there would reach every later reply too.
        const task = sentTask(body.result);
        if (!task) return body;
        const { kind: _kind, ...bare } = task;
        return { ...body, result: bare };
      }),
  },
  {
    name: "get-task-wrong-context",
    category: "protocol",
    protocols: BOTH,
    description: "tasks/get (GetTask) reports a task under a contextId other than the one it was created in.",
    expect: "lifecycle.get-task fails",
    rpc: (call, res, kit) =>
      is(call, kit, "get") &&
      editReply(res, (body) =>
        isObject(body.result) ? { ...body, result: { ...body.result, contextId: randomUUID() } } : body,
      ),
  },
  {
    name: "list-tasks-no-token",
    category: "protocol",
    protocols: ["1.0"],
    description: 'ListTasks leaves out nextPageToken (it must always be present, "" on the last page).',
    expect: "lifecycle.list-tasks fails",
    rpc: (call, res, kit) =>
      is(call, kit, "list") &&
      editReply(res, (body) => {
        if (isObject(body.result)) delete body.result.nextPageToken;
        return body;
      }),
  },
  {
    name: "list-tasks-oldest-first",
    category: "protocol",
    protocols: ["1.0"],
    description: "ListTasks lists tasks oldest first (it must list the most recently updated first).",
    expect: "lifecycle.list-tasks-order fails",
    rpc: (call, res, kit) =>
      is(call, kit, "list") &&
      editReply(res, (body) => {
        if (isObject(body.result) && Array.isArray(body.result.tasks)) body.result.tasks.reverse();
        return body;
      }),
  },
  {
    name: "list-tasks-oldest-first-untimed",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "ListTasks lists tasks oldest first, and no task status carries a timestamp to show it by (timestamps are optional).",
    expect: "lifecycle.list-tasks-order fails, judged by the order the suite sent its tasks in",
    rpc: (call, res, kit) =>
      is(call, kit, "list") &&
      editReply(res, (body) => {
        if (isObject(body.result) && Array.isArray(body.result.tasks)) {
          body.result.tasks.reverse();
          for (const task of body.result.tasks)
            if (isObject(task) && isObject(task.status)) delete task.status.timestamp;
        }
        return body;
      }),
  },
  {
    name: "output-in-status-message",
    category: "protocol",
    protocols: BOTH,
    description:
      "A completed task carries its output as the text of its status message and no artifact (tasks/get, the send's reply and the stream).",
    expect: "lifecycle.output-in-artifacts fails (results SHOULD be artifacts)",
    // The stream carries the task as the send's reply does: no artifact update, the output in the final status.
    rpc: async (call, res, kit) =>
      (await streamEdited(call, res, kit, (result) => outputToStatus(sentTask(result), kit))) ||
      ((is(call, kit, "get") || is(call, kit, "send")) &&
        editReply(res, (body) => {
          const result = body.result;
          outputToStatus(
            sentTask(result) ?? (isObject(result) && "status" in result ? result : undefined),
            kit,
          );
          return body;
        })),
  },
  {
    name: "list-tasks-with-artifacts",
    category: "protocol",
    protocols: ["1.0"],
    description: "ListTasks always includes each task's artifacts, as if includeArtifacts were set.",
    expect: "lifecycle.list-tasks-artifacts fails",
    rpc: (call, _res, kit) => {
      if (is(call, kit, "list") && isObject(call.params)) call.params.includeArtifacts = true;
      return false;
    },
  },
  {
    name: "task-timestamp-offset",
    category: "protocol",
    protocols: ["1.0"],
    description: "GetTask writes the status timestamp with a +00:00 offset instead of UTC 'Z'.",
    expect: "lifecycle.wire-format fails",
    rpc: (call, res, kit) =>
      is(call, kit, "get") &&
      editReply(res, (body) => {
        const status = isObject(body.result) ? body.result.status : undefined;
        if (isObject(status) && typeof status.timestamp === "string")
          status.timestamp = status.timestamp.replace(/Z$/, "+00:00");
        return body;
      }),
  },
  {
    name: "send-returns-early",
    category: "protocol",
    protocols: BOTH,
    description:
      "SendMessage without returnImmediately (0.3: message/send, also with blocking: true) returns at once, before the task is terminal or interrupted (as the Inference Gateway ADK 0.16 does).",
    expect: "lifecycle.execution-mode (1.0) / lifecycle.execution-mode-0x (0.3) fails",
    rpc: (call, _res, kit) => {
      if (!is(call, kit, "send") || !isObject(call.params)) return false;
      const configuration = isObject(call.params.configuration) ? call.params.configuration : {};
      if (kit.protocol !== "1.0") call.params.configuration = { ...configuration, blocking: false };
      else if (configuration.returnImmediately === undefined)
        call.params.configuration = { ...configuration, returnImmediately: true };
      return false;
    },
  },
  {
    name: "return-immediately-ignored",
    category: "protocol",
    protocols: ["1.0"],
    description: "SendMessage ignores returnImmediately: true and always waits for the task to finish.",
    expect: "lifecycle.execution-mode fails",
    rpc: (call, _res, kit) => {
      const configuration = isObject(call.params) ? call.params.configuration : undefined;
      if (is(call, kit, "send") && isObject(configuration)) delete configuration.returnImmediately;
      return false;
    },
  },
  {
    name: "cancel-reply-message-without-id",
    category: "protocol",
    protocols: BOTH,
    description:
      "tasks/cancel (CancelTask) returns its Task with messages (history, status message) that lack their messageId (required: 0.3 §6.4; 1.0.1 a2a.proto Message.message_id REQUIRED).",
    expect: "lifecycle.task-replies-schema-valid fails",
    rpc: (call, res, kit) =>
      is(call, kit, "cancel") &&
      editReply(res, (body) => {
        const task = isObject(body.result) ? body.result : {};
        const status = isObject(task.status) ? task.status : {};
        const history = Array.isArray(task.history) ? (task.history as unknown[]) : [];
        for (const message of [...history, status.message]) if (isObject(message)) delete message.messageId;
        return body;
      }),
  },
];
