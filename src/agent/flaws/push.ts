import { sendRpcError, sendRpcResult } from "../http/jsonrpc-front.js";
import type { AgentProtocol, FlawDefinition } from "../types.js";
import { editReply, paramsOf, recode, storedTask } from "./rpc-call.js";
import { isObject } from "../json.js";
import { withoutPush } from "./variants.js";

/** Config ids deleted once, so the flaw push-delete-twice-fails can refuse a second delete. */
const deletedConfigs = new Set<string>();

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

/** Push notification flaws: configs forgotten, never delivered, or sent with the wrong credentials. */
export const PUSH_FLAWS: FlawDefinition[] = [
  {
    name: "push-config-task-unchecked",
    category: "protocol",
    protocols: BOTH,
    description:
      "Push configs are created and listed for any task id, also one the server never issued (the store is keyed by the id alone).",
    expect: "push.unknown-task-not-found fails",
    rpc: async (call, res, kit) => {
      const create = ["tasks/pushNotificationConfig/set", "CreateTaskPushNotificationConfig"].includes(
        call.method,
      );
      const list = ["tasks/pushNotificationConfig/list", "ListTaskPushNotificationConfigs"].includes(
        call.method,
      );
      if (!create && !list) return false;
      const params = paramsOf(call);
      const id = typeof params.taskId === "string" ? params.taskId : params.id;
      if (typeof id !== "string" || (await storedTask(kit, id))) return false;
      const listed = kit.protocol === "1.0" ? { configs: [] } : [];
      sendRpcResult(res, call.id, create ? params : listed);
      return true;
    },
  },
  {
    name: "push-missing-config-internal-error",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "Reading or deleting a push config of an unknown task, or reading a config that was never set, answers -32603 (internal error) instead of TaskNotFound.",
    expect: "push.unknown-task-not-found fails",
    rpc: (call, res) =>
      ["GetTaskPushNotificationConfig", "DeleteTaskPushNotificationConfig"].includes(call.method) &&
      editReply(res, recode(-32001, -32603, "Internal error: no such config.")),
  },
  {
    name: "push-config-id-not-assigned",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "A push config created without an id is stored under one, but the reply leaves the id out, so the client cannot name it.",
    expect: "push.config-id-assigned fails",
    rpc: (call, res) =>
      call.method === "CreateTaskPushNotificationConfig" &&
      paramsOf(call).id === undefined &&
      editReply(res, (body) => {
        if (isObject(body.result)) delete body.result.id;
        return body;
      }),
  },
  {
    name: "push-unclaimed-accepted",
    category: "protocol",
    protocols: ["0.3"],
    description:
      "The card claims no pushNotifications, yet tasks/pushNotificationConfig/set accepts a config.",
    expect: "errors.push-not-supported-0x fails",
    mutateCard: withoutPush,
  },
  {
    name: "push-config-not-stored",
    category: "protocol",
    protocols: BOTH,
    description: "Setting a push notification config succeeds, but it is never stored (get says not found).",
    expect: "push.config-crud fails (push.delivery, hearing nothing, can only note it)",
    push: "config-not-stored",
  },
  {
    name: "push-wrong-token",
    category: "protocol",
    protocols: BOTH,
    description: "The webhook is called with the wrong token and Authorization credentials.",
    expect: "push.delivery fails",
    push: "wrong-credentials",
  },
  {
    name: "push-bare-event",
    category: "protocol",
    protocols: ["1.0"],
    description:
      'Push notifications POST the bare event ({"taskId", "status"...}) instead of a StreamResponse wrapping it.',
    expect: "push.payload-format fails",
    push: "bare-event",
  },
  {
    name: "push-without-state-0x",
    category: "protocol",
    protocols: ["0.3"],
    description:
      "Push notifications POST only the task's id, not its new state (0.2/0.3: a notification SHOULD let the client identify the task and its new TaskState).",
    expect: "push.payload-format-0x fails",
    push: "without-state",
  },
  {
    name: "push-delete-twice-fails",
    category: "protocol",
    protocols: ["1.0"],
    description: "Deleting a push config that was already deleted answers -32603 (internal error).",
    expect: "push.delete-idempotent fails",
    rpc: (call, res) => {
      if (call.method !== "DeleteTaskPushNotificationConfig") return false;
      const { taskId, id } = paramsOf(call);
      const key = `${String(taskId)}/${String(id)}`;
      if (!deletedConfigs.has(key)) {
        deletedConfigs.add(key);
        return false;
      }
      sendRpcError(res, call.id, { code: -32603, message: "Internal error: config store inconsistent." });
      return true;
    },
  },
  {
    name: "push-config-reply-without-task-id",
    category: "protocol",
    protocols: ["0.3"],
    description:
      "tasks/pushNotificationConfig/set and /get return the config without its taskId (required by the 0.3 JSON schema, §6.10).",
    expect: "push.config-replies-schema-valid fails",
    rpc: (call, res) =>
      (call.method === "tasks/pushNotificationConfig/set" ||
        call.method === "tasks/pushNotificationConfig/get") &&
      editReply(res, (body) => {
        if (isObject(body.result)) delete body.result.taskId;
        return body;
      }),
  },
];
