import express from "express";
import type { NextFunction, Request, Response, Router } from "express";
import type { ProtocolKit, RpcCall, RpcHook } from "../types.js";
import { isObject } from "../json.js";

/** JSON-RPC 2.0 error codes (A2A the A2A spec). */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const;

type RpcId = string | number | null;

export interface RpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

/** Per-protocol checks that run after envelope validation, before the SDK. */
export interface FrontOptions {
  kit: ProtocolKit;
  hook?: RpcHook;
  /** Returns an error to answer instead of handing the call to the SDK. */
  precheck?: (call: RpcCall, req: Request) => RpcErrorBody | undefined;
  /** Hands notifications to the SDK, which carries them out and answers (the flaw notification-answered). */
  answersNotifications?: boolean;
}

/** Sends a JSON-RPC error with HTTP 200, the convention of every A2A JSON-RPC binding. */
export function sendRpcError(res: Response, id: RpcId, error: RpcErrorBody): void {
  res.status(200).json({ jsonrpc: "2.0", id, error });
}

/** Sends a JSON-RPC result with HTTP 200. */
export function sendRpcResult(res: Response, id: RpcId, result: unknown): void {
  res.status(200).json({ jsonrpc: "2.0", id, result });
}

function isValidId(id: unknown): id is RpcId {
  return typeof id === "string" || typeof id === "number" || id === null;
}

/** The error message of valid JSON that is no object (null, a number, an array): the flaws find it by it. */
export const NOT_A_REQUEST_OBJECT = "The body is not a JSON-RPC request object.";

/** The error message of a request whose id is neither a string, a number nor null. */
const ID_INVALID = '"id" must be a string, a number or null.';

/** Validates the JSON-RPC 2.0 envelope (§4 of the JSON-RPC spec): -32600 when it is not a Request. */
export function parseEnvelope(body: unknown): { call: RpcCall } | { id: RpcId; error: RpcErrorBody } {
  if (!isObject(body))
    return { id: null, error: { code: RPC.invalidRequest, message: NOT_A_REQUEST_OBJECT } };
  const id = isValidId(body.id) ? body.id : null;
  const invalid = (message: string) => ({ id, error: { code: RPC.invalidRequest, message } });
  if (body.jsonrpc !== "2.0") return invalid('"jsonrpc" must be exactly "2.0".');
  if (typeof body.method !== "string" || body.method === "")
    return invalid('"method" must be a non-empty string.');
  if ("id" in body && !isValidId(body.id)) return invalid(ID_INVALID);
  if ("params" in body && body.params !== undefined && typeof body.params !== "object") {
    return invalid('"params" must be an object.');
  }
  // Without an "id" member it is a notification (0.3 §6.11.1): never answered, so never carried out either.
  const notification = "id" in body ? {} : { notification: true as const };
  return { call: { id, method: body.method, params: body.params, ...notification } };
}

/** Makes every JSON-RPC reply echo the request id and use HTTP 200, whatever the SDK set. */
function pinResponses(res: Response, id: RpcId): void {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (isObject(body) && body.jsonrpc === "2.0" && ("error" in body || "result" in body)) {
      const { result, error, ...rest } = body;
      // JSON-RPC 2.0 §5: exactly one of result or error.
      const member = error !== undefined ? { error } : { result };
      res.status(200);
      return json({ ...rest, id, ...member });
    }
    return json(body);
  };
}

function bodyErrorHandler(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  const type = isObject(err) ? err.type : undefined;
  if (type === "entity.parse.failed") {
    sendRpcError(res, null, { code: RPC.parseError, message: "The body is not valid JSON." });
  } else if (type === "entity.too.large") {
    sendRpcError(res, null, { code: RPC.invalidRequest, message: "The request body is too large." });
  } else if (isObject(err) && typeof err.status === "number" && err.status < 500) {
    sendRpcError(res, null, { code: RPC.invalidRequest, message: "The request body could not be read." });
  } else {
    next(err);
  }
}

/**
 * Parses every content type as JSON, so a bad body is -32700 with id null, never an HTML 400. Any JSON
 * value is read (not only objects and arrays), so valid JSON that is no Request is -32600 (JSON-RPC 2.0
 * §5.1). A body parsed once (by a guard that reads the method) is not parsed again.
 */
export function jsonRpcBodyParser(): Router {
  const router = express.Router();
  router.use(express.json({ type: () => true, limit: "1mb", strict: false }), bodyErrorHandler);
  return router;
}

/** Express router that puts a spec-correct JSON-RPC front in front of an SDK handler. */
export function jsonRpcFront(options: FrontOptions): Router {
  const router = express.Router();
  router.use(jsonRpcBodyParser());
  const front = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== "POST") return next();
    const parsed = parseEnvelope(req.body);
    if (!("call" in parsed)) return sendRpcError(res, parsed.id, parsed.error);
    const { call } = parsed;
    // JSON-RPC 2.0 §4.1: the server MUST NOT reply to a notification; an empty 204 closes the exchange.
    if (call.notification && !options.answersNotifications) return void res.status(204).end();
    pinResponses(res, call.id);
    if (options.hook && (await options.hook(call, res, options.kit))) return;
    const refused = options.precheck?.(call, req);
    if (refused) return sendRpcError(res, call.id, refused);
    if (!options.kit.knownMethods.has(call.method)) {
      return sendRpcError(res, call.id, {
        code: RPC.methodNotFound,
        message: `Method not found: ${call.method}`,
      });
    }
    next();
  };
  router.use((req, res, next) => {
    front(req, res, next).catch(next);
  });
  return router;
}
