import { normalizeTask } from "../protocol/normalize.js";
import type { Task } from "../protocol/model.js";
import { readPushConfig } from "./jsonrpc-params.js";
import type { PushConfig, TaskPage } from "./types.js";

/** A ListTasks result read into a page, or undefined when it is not one. */
export function readTaskPage(raw: unknown): TaskPage | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const page = raw as Record<string, unknown>;
  // ProtoJSON (1.0.1 §5.5) may omit an empty `tasks` list, as the other bindings' readers also allow.
  const list = page.tasks ?? [];
  if (!Array.isArray(list)) return undefined;
  const tasks = list.map(normalizeTask);
  if (tasks.some((t) => t === undefined)) return undefined;
  return {
    tasks: tasks as Task[],
    nextPageToken: typeof page.nextPageToken === "string" ? page.nextPageToken : "",
    ...(typeof page.pageSize === "number" ? { pageSize: page.pageSize } : {}),
    ...(typeof page.totalSize === "number" ? { totalSize: page.totalSize } : {}),
  };
}

/** A push-config list result (a bare array, or `{configs}`), or undefined when it is not one. */
export function readPushList(raw: unknown): PushConfig[] | undefined {
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === "object" && raw !== null && Array.isArray((raw as { configs?: unknown }).configs)
      ? (raw as { configs: unknown[] }).configs
      : undefined;
  if (!list) return undefined;
  const configs = list.map(readPushConfig);
  return configs.some((c) => c === undefined) ? undefined : (configs as PushConfig[]);
}
