import express, { type RequestHandler } from "express";
import type { AgentProtocol } from "../types.js";
import { restMessageProblem } from "./message-shape.js";

/** The HTTP+JSON error body each protocol's SDK answers a validation error with: 1.0 google.rpc.Status, 0.3 bare. */
function invalidBody(protocol: AgentProtocol, code: number, message: string): unknown {
  return protocol === "1.0"
    ? { error: { code: 400, status: "INVALID_ARGUMENT", message } }
    : { code, message };
}

/**
 * Refuses an HTTP+JSON message:send or message:stream whose message the SDK would take unread (a role outside
 * the enum, a part that is no Part) or fail on (a null part, HTTP 500): HTTP 400, as 1.0.1 §3.3.2 has a server
 * validate its input. The body is parsed here once; the SDK's own parser then leaves it as read.
 */
export function restMessageGuard(protocol: AgentProtocol): RequestHandler {
  const parse = express.json({ type: () => true, limit: "1mb", strict: false });
  return (req, res, next) => {
    if (req.method !== "POST" || !/message:(send|stream)$/.test(req.path)) return next();
    parse(req, res, (err?: unknown) => {
      if (err) {
        res.status(400).json(invalidBody(protocol, -32700, "The body is not valid JSON."));
        return;
      }
      const body = req.body as { message?: unknown } | undefined;
      const problem = restMessageProblem(body?.message, protocol);
      if (!problem) return next();
      res.status(400).json(invalidBody(protocol, -32602, problem));
    });
  };
}
