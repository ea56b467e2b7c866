import { sendRpcError } from "../http/jsonrpc-front.js";
import type { FlawDefinition, JsonObject, RpcHook } from "../types.js";
import { is, paramsOf, stateOf, storedTask, TERMINAL } from "./rpc-call.js";
import { isObject } from "../json.js";

const BOTH = ["0.3", "1.0"] as const;
// A2A error codes (0.3 §8.2, 1.0.1 §5.4): the agent keeps its own copy, apart from the tester's.
const TASK_NOT_CANCELABLE = -32002;
const UNSUPPORTED_OPERATION = -32004;
const PUSH_NOT_SUPPORTED = -32003;
const METHOD_NOT_FOUND = -32601;

/** Answers a cancel of a task that is not over with this error; other calls go on to the SDK. */
function refuseCancel(code: number, message: string): RpcHook {
  return async (call, res, kit) => {
    if (!is(call, kit, "cancel")) return false;
    const task = await storedTask(kit, paramsOf(call).id);
    if (!task || TERMINAL.has(stateOf(task))) return false;
    sendRpcError(res, call.id, { code, message });
    return true;
  };
}

/** The card without the push capability. */
export function withoutPush(card: JsonObject): JsonObject {
  const capabilities = isObject(card.capabilities) ? card.capabilities : {};
  return { ...card, capabilities: { ...capabilities, pushNotifications: false } };
}

/**
 * Allowed variants: behaviour the spec permits that our own agent does differently. The suite must not
 * fail them (src/runner/allowed-variants.test.ts runs each and expects no failure, and the note it names).
 */
export const VARIANT_FLAWS: FlawDefinition[] = [
  {
    name: "cancel-unsupported",
    category: "protocol",
    protocols: [...BOTH],
    description:
      "The agent does not support cancellation: cancelling a task that is not over answers UnsupportedOperation (-32004).",
    expect:
      "allowed (A2A 0.3 §7.4, 1.0.1 §3.1.5: cancellation might not be supported): lifecycle.cancel-running is a not-supported note",
    allowed: true,
    rpc: refuseCancel(UNSUPPORTED_OPERATION, "cancellation is not supported"),
  },
  {
    name: "cancel-not-cancelable",
    category: "protocol",
    protocols: [...BOTH],
    description: "Running tasks cannot be canceled: cancelling one answers TaskNotCancelable (-32002).",
    expect: "allowed (A2A 0.3 §7.4, 1.0.1 §3.1.5): lifecycle.cancel-running is a not-supported note",
    allowed: true,
    rpc: refuseCancel(TASK_NOT_CANCELABLE, "this task cannot be canceled"),
  },
  {
    name: "asks-back-always",
    category: "protocol",
    protocols: [...BOTH],
    description:
      "Every message is answered with a question: each task ends input-required (after its usual work), never completed.",
    expect:
      "allowed (A2A 0.3 §6.3, 1.0.1 §4.1.3: input-required is an interrupted state an agent may enter on any turn): the cancel and subscribe checks still run, on interrupted tasks",
    allowed: true,
    plan: (plan) => ({
      ...plan,
      outcome: { kind: "input-required", question: "Which account do you mean?" },
    }),
  },
  {
    name: "asks-back-at-once",
    category: "protocol",
    protocols: [...BOTH],
    description:
      "Every message is answered at once with a question: no task is ever seen working, each waits for input.",
    expect:
      "allowed (A2A 0.3 §6.3, 1.0.1 §4.1.3): an interrupted task is not over, so lifecycle.cancel-running cancels one and passes",
    allowed: true,
    plan: () => ({ workMs: 0, outcome: { kind: "input-required", question: "Which account do you mean?" } }),
  },
  {
    name: "push-unclaimed",
    category: "protocol",
    protocols: ["0.3"],
    description:
      "The agent does not support push: the card claims no pushNotifications and the push methods answer PushNotificationNotSupported (-32003).",
    expect:
      "allowed (A2A 0.3 §5.5.2: push is an optional capability): the push checks do not apply, errors.push-not-supported-0x passes",
    allowed: true,
    mutateCard: withoutPush,
    rpc: (call, res) => {
      if (!call.method.startsWith("tasks/pushNotificationConfig/")) return false;
      sendRpcError(res, call.id, {
        code: PUSH_NOT_SUPPORTED,
        message: "push notifications are not supported",
      });
      return true;
    },
  },
  {
    name: "push-loopback-refused",
    category: "protocol",
    protocols: [...BOTH],
    description:
      "Push configs are stored, but the agent never calls a webhook on a loopback or private address (an SSRF guard).",
    expect:
      "allowed (A2A 1.0.1 §13.2: agents SHOULD reject private IP ranges and localhost): push.delivery is a not-supported note",
    allowed: true,
    push: "no-delivery",
  },
  {
    name: "resubscribe-unserved",
    category: "protocol",
    protocols: ["0.3"],
    description:
      "The agent streams but does not serve tasks/resubscribe: the method is answered Method not found (-32601).",
    expect:
      "allowed (A2A 0.3 §11.1.3: agents MAY implement tasks/resubscribe): streaming.subscribe-unknown-task-0x is a not-supported note",
    allowed: true,
    rpc: (call, res) => {
      if (call.method !== "tasks/resubscribe") return false;
      sendRpcError(res, call.id, { code: METHOD_NOT_FOUND, message: "Method not found" });
      return true;
    },
  },
  {
    name: "unknown-fields-added",
    category: "protocol",
    protocols: [...BOTH],
    description:
      "The agent adds fields of its own: an x-vendor member on the card and in its capabilities, an x-vendor-note on every Task, status and message it returns.",
    expect:
      "allowed (fields outside the data model are the receiver's to ignore; A2A 1.0.1 §5.5 names the data model's own fields): no check fails",
    allowed: true,
    mutateCard: (card) => ({
      ...card,
      "x-vendor": { region: "eu" },
      capabilities: { ...(isObject(card.capabilities) ? card.capabilities : {}), vendorFeature: true },
    }),
    rpcReply: (body) => {
      eachObject(body.result, (o) => {
        if ("id" in o || "state" in o || "messageId" in o) o["x-vendor-note"] = "kept";
      });
      return body;
    },
  },
  {
    name: "no-status-timestamps",
    category: "protocol",
    protocols: [...BOTH],
    description: "Task statuses carry no timestamp.",
    expect:
      "allowed (TaskStatus.timestamp is optional: A2A 0.3 §6.2, the 1.0 proto): no check fails; a ListTasks order cannot be judged from them",
    allowed: true,
    rpcReply: (body) => {
      eachObject(body.result, (o) => {
        if ("state" in o) delete o.timestamp;
      });
      return body;
    },
  },
  {
    name: "card-only-required-fields",
    category: "card",
    protocols: [...BOTH],
    description:
      "The card holds only what the spec requires: no provider, documentation or icon URL, and skills with only id, name, description and tags.",
    expect: "allowed (A2A 0.3 §5.5, 1.0.1 §4.4.1: those fields are optional): no check fails",
    allowed: true,
    mutateCard: (card) => {
      const { provider: _provider, documentationUrl: _docs, iconUrl: _icon, ...rest } = card;
      const skills = Array.isArray(card.skills) ? card.skills.filter(isObject) : [];
      return {
        ...rest,
        skills: skills.map(({ id, name, description, tags }) => ({ id, name, description, tags })),
      };
    },
  },
];

/** Calls `visit` on every object inside a JSON value, the value itself included. */
function eachObject(value: unknown, visit: (o: JsonObject) => void): void {
  if (Array.isArray(value)) value.forEach((item) => eachObject(item, visit));
  else if (isObject(value)) {
    visit(value);
    Object.values(value).forEach((child) => eachObject(child, visit));
  }
}
