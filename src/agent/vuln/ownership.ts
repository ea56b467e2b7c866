import type { Request, Response } from "express";
import { sendRpcError } from "../http/jsonrpc-front.js";
import type { JsonObject, RpcHook } from "../types.js";
import { callerOf } from "./caller.js";

const SEND = new Set(["SendMessage", "SendStreamingMessage", "message/send", "message/stream"]);
const BY_ID = new Set([
  "GetTask",
  "tasks/get",
  "CancelTask",
  "tasks/cancel",
  "SubscribeToTask",
  "tasks/resubscribe",
]);

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/**
 * Tasks and contexts belong to the caller that created them: another caller gets TaskNotFound, as if
 * they did not exist. A2A 1.0.1 §13.1: "Implementations **MUST** ensure appropriate scope limitation based on
 * the authenticated caller's authorization boundaries", and "Servers **MUST NOT** reveal the existence of
 * resources the client is not authorized to access" (§3.3). JSON-RPC only.
 */
export class TaskOwnership {
  private readonly tasks = new Map<string, string>();
  private readonly contexts = new Map<string, string>();

  /** Records the first caller seen on a task and on a context. */
  claim(caller: string, taskId: string, contextId: string): void {
    if (taskId && !this.tasks.has(taskId)) this.tasks.set(taskId, caller);
    if (contextId && !this.contexts.has(contextId)) this.contexts.set(contextId, caller);
  }

  private foreign(map: Map<string, string>, id: string | undefined, caller: string): boolean {
    return id !== undefined && map.has(id) && map.get(id) !== caller;
  }

  /** The JSON-RPC hook that refuses another caller's task or context and filters ListTasks. */
  readonly hook: RpcHook = (call, res) => {
    const req = (res as Response & { req: Request }).req;
    const caller = callerOf(req.headers);
    const params = isObject(call.params) ? call.params : {};
    const message = isObject(params.message) ? params.message : {};
    const notFound = (what: string) => {
      sendRpcError(res, call.id, { code: -32001, message: `${what} not found.` });
      return true;
    };
    if (BY_ID.has(call.method) && this.foreign(this.tasks, str(params.id), caller)) return notFound("Task");
    if (SEND.has(call.method)) {
      if (this.foreign(this.tasks, str(message.taskId), caller)) return notFound("Task");
      if (this.foreign(this.contexts, str(message.contextId), caller)) return notFound("Context");
    }
    if (call.method === "ListTasks") {
      if (this.foreign(this.contexts, str(params.contextId), caller)) return notFound("Context");
      this.filterList(res, caller);
    }
    return false;
  };

  private filterList(res: Response, caller: string): void {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const result = isObject(body) && isObject(body.result) ? body.result : undefined;
      if (result && Array.isArray(result.tasks)) {
        const own = result.tasks.filter((t) => isObject(t) && this.tasks.get(str(t.id) ?? "") === caller);
        return json({ ...(body as JsonObject), result: { ...result, tasks: own, totalSize: own.length } });
      }
      return json(body);
    };
  }
}
