import { isObject } from "../../model/json.js";
import { randomUUID } from "node:crypto";
import { jsonRpcEndpoint } from "../../client/jsonrpc-endpoint.js";
import { userMessage } from "../../client/jsonrpc-params.js";
import { methodName } from "../../client/methods.js";
import { NetError } from "../../net/errors.js";
import { httpRequest, type HttpResponse } from "../../net/http.js";
import { tryParseJson } from "../../net/json.js";
import type { CheckContext } from "../types.js";

/** What came back for a raw JSON-RPC body: the HTTP response and its JSON, or why nothing came back. */
export type RawReply =
  | { ok: true; http: HttpResponse; json: unknown; evidence: string[] }
  | { ok: false; error: NetError; evidence: string[] };

/** A client mistake Plainwright sends on purpose, and the id a correct reply carries. */
export interface BadRequest {
  what: string;
  body: string;
  /** The id the error reply must carry: the request's own id, or null when it cannot be read. */
  replyId: string | number | null;
  /** True when JSON-RPC also allows null (an Invalid Request whose id could be read). */
  nullIdAllowed?: boolean;
}

/**
 * POSTs a body exactly as given to the JSON-RPC endpoint under test (bodies the client would never send),
 * with the Accept header given (a client's own, application/json, unless said), a wait of its own and headers
 * that replace the run's (an A2A-Version) when given.
 */
export async function postRaw(
  ctx: CheckContext,
  body: string,
  label: string,
  options: { accept?: string; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<RawReply> {
  const { accept = "application/json", timeoutMs = ctx.clientContext.timeoutMs, headers = {} } = options;
  const endpoint = jsonRpcEndpoint(ctx.client.target, ctx.clientContext);
  try {
    const http = await httpRequest({
      method: "POST",
      url: endpoint.url,
      headers: { "Content-Type": "application/json", Accept: accept, ...endpoint.headers, ...headers },
      body,
      timeoutMs,
      policy: ctx.clientContext.policy,
      traffic: ctx.clientContext.traffic,
      ...(ctx.clientContext.rateLimit ? { rateLimit: ctx.clientContext.rateLimit } : {}),
      label,
      ...(ctx.clientContext.signal ? { signal: ctx.clientContext.signal } : {}),
    });
    const parsed = tryParseJson(http.body, http.url);
    const evidence = http.trafficId ? [http.trafficId] : [];
    return { ok: true, http, json: parsed.ok ? parsed.value : undefined, evidence };
  } catch (error) {
    if (error instanceof NetError) return { ok: false, error, evidence: [] };
    throw error;
  }
}

/** A body that is not JSON at all (JSON-RPC 2.0 §5.1: -32700, id null). */
export const parseErrorRequest = (): BadRequest => ({
  what: "a body that is not valid JSON",
  body: `{"jsonrpc": "2.0", "id": "${randomUUID()}", "method": `,
  replyId: null,
});

/** A POST with no body at all: no JSON text to parse (JSON-RPC 2.0 §5.1: -32700, or the transport's 4xx). */
export const emptyBodyRequest = (): BadRequest => ({
  what: "an empty body",
  body: "",
  replyId: null,
});

/** Valid JSON that is no JSON-RPC request (JSON-RPC 2.0 §5.1: -32600). */
export const notJsonRpcRequest = (): BadRequest => ({
  what: 'the JSON object {"not":"jsonrpc"}',
  body: '{"not":"jsonrpc"}',
  replyId: null,
});

/**
 * The JSON literal null: valid JSON (RFC 8259 §2) that is no Request object, so -32600 (JSON-RPC 2.0 §5.1).
 * A parser that reads JSON texts as RFC 4627 §2 did (an object or an array only) answers -32700, which the
 * judging checks accept as a refusal too.
 */
export const nullBodyRequest = (): BadRequest => ({
  what: "the JSON literal null",
  body: "null",
  replyId: null,
});

/** A request without the "jsonrpc":"2.0" member (JSON-RPC 2.0 §4: -32600). */
export function noVersionRequest(ctx: CheckContext): BadRequest {
  const id = randomUUID();
  return {
    what: 'a request without "jsonrpc": "2.0"',
    body: JSON.stringify({ id, method: methodName(ctx.generation, "get"), params: { id: randomUUID() } }),
    replyId: id,
    nullIdAllowed: true,
  };
}

/**
 * A request without a method, or whose method is no string (JSON-RPC 2.0 §4: "method: A String containing
 * the name of the method"): no valid Request object, so -32600 (§5.1). Seen at first sight: both answered
 * -32602, the request routed as if it were one.
 */
export function methodlessRequests(): BadRequest[] {
  const withoutMethod = randomUUID();
  const numericMethod = randomUUID();
  return [
    {
      what: "a request without a method",
      body: JSON.stringify({ jsonrpc: "2.0", id: withoutMethod }),
      replyId: withoutMethod,
      nullIdAllowed: true,
    },
    {
      what: "a request whose method is the number 1",
      body: JSON.stringify({ jsonrpc: "2.0", id: numericMethod, method: 1, params: {} }),
      replyId: numericMethod,
      nullIdAllowed: true,
    },
  ];
}

/**
 * A get of a task that does not exist whose request id is an object: JSON-RPC 2.0 §4 lets an id be "a String,
 * Number, or NULL value", so this is no valid Request object (-32600, §5.1), as the TCK's JSON-RPC tests have it.
 * A -32001 shows the request was routed as if it were one.
 */
export function objectIdRequest(ctx: CheckContext): BadRequest {
  const params = { id: `plainwright-missing-${randomUUID()}` };
  return {
    what: "a request whose id is an object",
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: { plainwright: randomUUID() },
      method: methodName(ctx.generation, "get"),
      params,
    }),
    replyId: null,
    nullIdAllowed: true,
  };
}

/**
 * A get of a task that does not exist, with the id null: a request all the same (JSON-RPC 2.0 §4: the id is
 * a String, Number or Null "if included", null only discouraged; only a missing id makes a notification). It
 * gets an error like any other such get, and the error carries "id": null.
 */
export function nullIdRequest(ctx: CheckContext): BadRequest {
  const params = { id: `plainwright-missing-${randomUUID()}` };
  return {
    what: `a ${methodName(ctx.generation, "get")} of a missing task whose request id is null`,
    body: JSON.stringify({ jsonrpc: "2.0", id: null, method: methodName(ctx.generation, "get"), params }),
    replyId: null,
  };
}

/** A get of a task that does not exist: a well-formed request any agent answers (with TaskNotFound). */
export function missingTaskGetRequest(ctx: CheckContext): BadRequest {
  const id = randomUUID();
  const params = { id: `plainwright-missing-${randomUUID()}` };
  return {
    what: `a ${methodName(ctx.generation, "get")} of a missing task`,
    body: JSON.stringify({ jsonrpc: "2.0", id, method: methodName(ctx.generation, "get"), params }),
    replyId: id,
  };
}

/** A send whose message is the number 5 (JSON-RPC 2.0 §5.1: -32602); the id is a number on purpose. */
export function invalidParamsRequest(
  ctx: CheckContext,
  id = Math.floor(Math.random() * 1_000_000) + 1,
): BadRequest {
  return {
    what: `${methodName(ctx.generation, "send")} with params {"message": 5} (numeric id ${id})`,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: methodName(ctx.generation, "send"),
      params: { message: 5 },
    }),
    replyId: id,
  };
}

/** The body and reply id of a send of `message` in the check's generation, with a fresh id. */
function sendOf(ctx: CheckContext, message: unknown): Pick<BadRequest, "body" | "replyId"> {
  const id = randomUUID();
  const body = { jsonrpc: "2.0", id, method: methodName(ctx.generation, "send"), params: { message } };
  return { body: JSON.stringify(body), replyId: id };
}

/**
 * A send whose message has a role outside the enum (0.x "user" | "agent", 1.0 ROLE_USER | ROLE_AGENT): a
 * well-formed request whose params a schema validator refuses, where a handler may answer -32602 itself.
 */
export function invalidRoleRequest(ctx: CheckContext): BadRequest {
  const role = ctx.generation === "1.0" ? "ROLE_BOGUS" : "bogus";
  const message = { ...userMessage(ctx.generation, { text: "Hello" }), role };
  return {
    what: `${methodName(ctx.generation, "send")} with a message whose role is "${role}"`,
    ...sendOf(ctx, message),
  };
}

/**
 * A 0.x send whose text part leaves out its discriminator (0.2/0.3 `kind`, 0.1 `type`, each required by its
 * schema); undefined in 1.0, whose parts have none.
 */
export function untaggedPartRequest(ctx: CheckContext): BadRequest | undefined {
  if (ctx.generation === "1.0") return undefined;
  const message = { ...userMessage(ctx.generation, { text: "Hello" }), parts: [{ text: "Hello" }] };
  return {
    what: `${methodName(ctx.generation, "send")} with a text part without its ${ctx.generation === "0.1" ? "type" : "kind"}`,
    ...sendOf(ctx, message),
  };
}

/** A method no A2A version defines (JSON-RPC 2.0 §5.1: -32601). */
export function unknownMethodRequest(numericId?: number): BadRequest {
  const id = numericId ?? randomUUID();
  return {
    what: `the unknown method tasks/plainwrightNoSuchMethod${numericId === undefined ? "" : ` with the numeric id ${numericId}`}`,
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tasks/plainwrightNoSuchMethod", params: {} }),
    replyId: id,
  };
}

/** The JSON-RPC error code of a raw reply, when it is an error object. */
export function errorCodeOf(json: unknown): number | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const error = (json as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "number" ? code : undefined;
}

/** One line naming what a raw reply was, for failure messages. */
export function describeRaw(reply: RawReply): string {
  // Read after "was answered": a request the agent never answered says so (seen: "was answered could not
  // connect", where the request had taken the agent down).
  if (!reply.ok) return `nothing, the exchange failed (${reply.error.message})`;
  const code = errorCodeOf(reply.json);
  if (code !== undefined) return `HTTP ${reply.http.status} with JSON-RPC error ${code}`;
  const type = reply.http.contentType || "no content type";
  return `HTTP ${reply.http.status} ${type}${reply.json === undefined ? " (not JSON)" : " without an error object"}`;
}

/** The JSON-RPC responses of a raw event-stream body, one per event whose data is one. */
export function responsesIn(body: string): Record<string, unknown>[] {
  return body
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .flatMap((line) => {
      try {
        const parsed: unknown = JSON.parse(line.slice(5));
        return isObject(parsed) ? [parsed] : [];
      } catch {
        return [];
      }
    });
}
