import type { Request, Response } from "express";
import { sendRpcError } from "../http/jsonrpc-front.js";
import type { RpcHook } from "../types.js";
import { callerOf } from "../caller.js";
import { isObject } from "../json.js";

const SEND = new Set(["SendMessage", "SendStreamingMessage", "message/send", "message/stream"]);

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/**
 * Contexts belong to the caller that opened them: another caller's message into one gets "Context not
 * found". Tasks are scoped by the task stores on every binding (src/agent/task-scope.ts); this adds the
 * contexts, on JSON-RPC. A2A 1.0.1 §13.1: "Implementations **MUST** ensure appropriate scope limitation
 * based on the authenticated caller's authorization boundaries".
 */
export class ContextOwnership {
  private readonly contexts = new Map<string, string>();

  /** Records the first caller seen on a context. */
  claim(caller: string, contextId: string): void {
    if (contextId && !this.contexts.has(contextId)) this.contexts.set(contextId, caller);
  }

  /** The JSON-RPC hook that refuses a message into another caller's context. */
  readonly hook: RpcHook = (call, res) => {
    if (!SEND.has(call.method)) return false;
    const req = (res as Response & { req: Request }).req;
    const caller = callerOf(req.headers);
    const params = isObject(call.params) ? call.params : {};
    const message = isObject(params.message) ? params.message : {};
    const contextId = str(message.contextId);
    const owner = contextId === undefined ? undefined : this.contexts.get(contextId);
    if (owner === undefined || owner === caller) return false;
    sendRpcError(res, call.id, { code: -32001, message: "Context not found." });
    return true;
  };
}
