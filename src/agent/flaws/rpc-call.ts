import type { Response } from "express";
import type { AgentProtocol, JsonObject, ProtocolKit, RpcCall } from "../types.js";
import { isObject } from "../json.js";

/** Readers of JSON-RPC calls, the tasks they name and the replies they get, shared by the flaws that bend the JSON-RPC front. */
export const paramsOf = (call: RpcCall): JsonObject => (isObject(call.params) ? call.params : {});

/** The get-task method of the agent's protocol. */
export const getMethod = (kit: ProtocolKit): string => (kit.protocol === "1.0" ? "GetTask" : "tasks/get");

export type Op = "get" | "cancel" | "send" | "list";

export const METHODS: Record<AgentProtocol, Record<Op, string>> = {
  "0.3": { get: "tasks/get", cancel: "tasks/cancel", send: "message/send", list: "" },
  "1.0": { get: "GetTask", cancel: "CancelTask", send: "SendMessage", list: "ListTasks" },
};

export const is = (call: RpcCall, kit: ProtocolKit, op: Op): boolean =>
  call.method === METHODS[kit.protocol][op];

export const messageOf = (call: RpcCall): JsonObject => {
  const message = paramsOf(call).message;
  return isObject(message) ? message : {};
};

/** The state of a spec-JSON task, lower-case without the 1.0 prefix (`TASK_STATE_INPUT_REQUIRED` → `input_required`). */
export function stateOf(task: JsonObject): string {
  const state = isObject(task.status) ? task.status.state : undefined;
  return (typeof state === "string" ? state : "")
    .replace(/^TASK_STATE_/, "")
    .toLowerCase()
    .replace(/-/g, "_");
}

export const TERMINAL = new Set(["completed", "canceled", "cancelled", "failed", "rejected"]);
export const ACTIVE = new Set(["submitted", "working"]);

/** The wire spelling of a state in each protocol. */
export const wireState = (kit: ProtocolKit, state: "canceled" | "submitted"): string =>
  kit.protocol === "1.0" ? `TASK_STATE_${state.toUpperCase()}` : state;

/** The stored task a call names (`id`, or the message's `taskId`), or undefined when there is none. */
export async function storedTask(kit: ProtocolKit, id: unknown): Promise<JsonObject | undefined> {
  if (typeof id !== "string" || id === "") return undefined;
  try {
    return await kit.getTask({ id });
  } catch {
    return undefined;
  }
}

/** Lets the SDK answer, then edits the JSON-RPC body on its way out. */
export function editReply(res: Response, edit: (body: JsonObject) => JsonObject): false {
  const json = res.json.bind(res);
  res.json = (body: unknown) => json(isObject(body) ? edit(body) : body);
  return false;
}

/** Rewrites one error code of a reply, keeping everything else. */
export const recode = (from: number, to: number, message: string) => (body: JsonObject) =>
  isObject(body.error) && body.error.code === from ? { ...body, error: { code: to, message } } : body;

/** The Task of a send result: 1.0 `{task}`, 0.3 a bare Task with kind "task". */
export function sentTask(result: unknown): JsonObject | undefined {
  if (!isObject(result)) return undefined;
  if (isObject(result.task)) return result.task;
  return result.kind === "task" ? result : undefined;
}
