import { normalizeReply, normalizeTask, normalizeTaskResult } from "../../protocol/normalize.js";
import type { Message, Task } from "../../protocol/model.js";
import type { PushConfig, TaskPage } from "../types.js";
import { isObject } from "../../model/json.js";

/** A 2xx body read into the client's types, or why it could not be. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** SendMessageResponse: `{task}` or `{message}` in both generations (A2A 1.0 §11). */
export function readSendResult(raw: unknown): Decoded<Task | Message> {
  const reply = normalizeReply(raw);
  if (reply?.kind === "task" || reply?.kind === "message") return { ok: true, value: reply };
  return fail('the body is neither {"task": …} nor {"message": …}');
}

/** A bare Task (GetTask, CancelTask). */
export function readTask(raw: unknown): Decoded<Task> {
  const task = normalizeTaskResult(raw);
  return task ? { ok: true, value: task } : fail("the body is not a Task (an object with id and status)");
}

/**
 * ListTasksResponse. ProtoJSON may omit an empty `tasks` list and an empty `nextPageToken`, so absence
 * reads as empty; a present member of the wrong type is a broken reply.
 */
export function readTaskPage(raw: unknown): Decoded<TaskPage> {
  if (!isObject(raw)) return fail("the body is not a ListTasksResponse object");
  const list = raw.tasks ?? [];
  if (!Array.isArray(list)) return fail('"tasks" is not an array');
  const tasks: Task[] = [];
  for (const [i, item] of list.entries()) {
    const task = normalizeTask(item);
    if (!task) return fail(`tasks[${i}] is not a Task`);
    tasks.push(task);
  }
  const token = raw.nextPageToken ?? "";
  if (typeof token !== "string") return fail('"nextPageToken" is not a string');
  return {
    ok: true,
    value: {
      tasks,
      nextPageToken: token,
      ...(typeof raw.pageSize === "number" ? { pageSize: raw.pageSize } : {}),
      ...(typeof raw.totalSize === "number" ? { totalSize: raw.totalSize } : {}),
    },
  };
}

function readAuthentication(raw: unknown): PushConfig["authentication"] {
  if (!isObject(raw)) return undefined;
  const first: unknown = Array.isArray(raw.schemes) ? raw.schemes[0] : undefined;
  const scheme = typeof raw.scheme === "string" ? raw.scheme : typeof first === "string" ? first : undefined;
  if (scheme === undefined) return undefined;
  return { scheme, ...(typeof raw.credentials === "string" ? { credentials: raw.credentials } : {}) };
}

/** 1.0 flat TaskPushNotificationConfig, or 0.3 `{name, pushNotificationConfig: {…}}`. */
export function readPushConfig(raw: unknown): Decoded<PushConfig> {
  if (!isObject(raw)) return fail("the body is not a push notification config object");
  const inner = isObject(raw.pushNotificationConfig) ? raw.pushNotificationConfig : raw;
  if (typeof inner.url !== "string") return fail('the push notification config has no string "url"');
  const authentication = readAuthentication(inner.authentication);
  return {
    ok: true,
    value: {
      ...(typeof inner.id === "string" && inner.id !== "" ? { id: inner.id } : {}),
      url: inner.url,
      ...(typeof inner.token === "string" && inner.token !== "" ? { token: inner.token } : {}),
      ...(authentication ? { authentication } : {}),
    },
  };
}

/** `{configs, nextPageToken}` in both generations (an empty list may be omitted). */
export function readPushConfigList(raw: unknown): Decoded<PushConfig[]> {
  const list = isObject(raw) ? (raw.configs ?? []) : raw;
  if (!Array.isArray(list)) return fail('the body is not {"configs": [...]}');
  const configs: PushConfig[] = [];
  for (const [i, item] of list.entries()) {
    const config = readPushConfig(item);
    if (!config.ok) return fail(`configs[${i}]: ${config.reason}`);
    configs.push(config.value);
  }
  return { ok: true, value: configs };
}

/** An agent card: any JSON object; checks judge its content. */
export function readCard(raw: unknown): Decoded<unknown> {
  return isObject(raw) ? { ok: true, value: raw } : fail("the extended card is not a JSON object");
}
