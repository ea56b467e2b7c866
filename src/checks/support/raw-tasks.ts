import { isObject } from "../../model/json.js";
/** Reading the raw JSON of a ListTasks reply (JSON-RPC result, REST body, gRPC message as JSON). */

type Json = Record<string, unknown>;

/** The raw task objects of a ListTasks reply, in the order the agent sent them. */
export function rawListedTasks(raw: unknown): Json[] {
  const tasks = isObject(raw) ? raw.tasks : undefined;
  return Array.isArray(tasks) ? tasks.filter(isObject) : [];
}

/** A raw task's status timestamp in ms since the epoch, or undefined when it has none that parses. */
export function statusTimeMs(task: Json): number | undefined {
  const stamp = isObject(task.status) ? task.status.timestamp : undefined;
  if (typeof stamp !== "string") return undefined;
  const ms = Date.parse(stamp);
  return Number.isNaN(ms) ? undefined : ms;
}
