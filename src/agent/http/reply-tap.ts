import type { RequestHandler } from "express";
import type { RpcReplyHook } from "../types.js";
import { isObject } from "../json.js";

/** Middleware that lets a flaw rewrite every JSON body sent below it (installed before the JSON-RPC front). */
export function tapJsonReplies(hook: RpcReplyHook): RequestHandler {
  return (_req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => json(isObject(body) ? hook(body, res) : body);
    next();
  };
}
