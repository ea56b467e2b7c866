import { randomUUID } from "node:crypto";
import { sendRest, type RestRequest } from "../../client/rest/exchange.js";
import { RestRoutes } from "../../client/rest/paths.js";
import { isObject } from "../../model/json.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { defineCheck, fail, pass } from "../define.js";
import { methodName } from "../../client/methods.js";
import {
  emptyBodyRequest,
  invalidParamsRequest,
  invalidRoleRequest,
  untaggedPartRequest,
  noVersionRequest,
  notJsonRpcRequest,
  nullBodyRequest,
  parseErrorRequest,
  postRaw,
  unknownMethodRequest,
  type BadRequest,
} from "../support/raw-jsonrpc.js";

export default defineCheck({
  id: "errors.no-server-error",
  title: "Client mistakes never get an HTTP 5xx",
  category: "errors",
  level: "SHOULD",
  requirement:
    "An empty body, a request sent as text/plain, malformed JSON, invalid requests (the literal null among them), unknown methods and invalid params are the client's mistakes: they are answered with a JSON-RPC error, never an HTTP 5xx (which also tends to leak stack traces). Over HTTP+JSON likewise: a query or a task id in the path with a malformed percent-escape gets a 4xx (malformed bodies are errors.rest-invalid-input's).",
  spec: "JSON-RPC 2.0 §5.1; A2A 1.0.1 §3.3.2",
  levelReason:
    "JSON-RPC 2.0 does not speak of HTTP statuses; A2A 1.0.1 §3.3.2 says servers SHOULD return appropriate error codes and gives HTTP 400 for validation errors and 500 for internal failures, so a 5xx for a client's mistake breaks a SHOULD, not a MUST.",
  recommendation:
    "Catch request errors at the JSON-RPC front and map them to -32700/-32600/-32601/-32602 with HTTP 200; reserve 5xx and -32603 for real server faults, and never send stack traces.",
  selfTest: [{ flaw: "leaky-error", protocols: ["1.0"], bindings: ["JSONRPC"] }],
  // Its malformed bodies may take a fragile agent down: it runs after the ordinary checks.
  phase: "late",
  scope: "transport",
  bindings: ["JSONRPC", "HTTP+JSON"],
  run: async (ctx) => {
    if (ctx.transport === "HTTP+JSON") return restMistakes(ctx);
    const evidence: string[] = [];
    // A request sent as text/plain: the agent may refuse the media type (a 4xx) or read it, never fail on it
    // (seen at first sight: an empty body and a body of another type both met a handler's TypeError, HTTP 500).
    const asText = { ...unknownMethodRequest(), what: "a request sent as Content-Type: text/plain" };
    const stream = ctx.validation.card.capabilities.streaming ? streamWithoutParams(ctx) : undefined;
    const mistakes: BadRequest[] = [
      emptyBodyRequest(),
      asText,
      parseErrorRequest(),
      notJsonRpcRequest(),
      nullBodyRequest(),
      noVersionRequest(ctx),
      unknownMethodRequest(),
      invalidParamsRequest(ctx),
      // A message the envelope's validator lets through and the handler refuses (seen in the lab: -32602
      // from the handler where the envelope's mistakes got a framework's HTTP 400).
      invalidRoleRequest(ctx),
      ...[untaggedPartRequest(ctx)].filter((b) => b !== undefined),
      ...(stream ? [stream] : []),
    ];
    const broken: string[] = [];
    for (const bad of mistakes) {
      const headers: Record<string, string> = bad === asText ? { "Content-Type": "text/plain" } : {};
      // A stream method's reply may be an event stream: asked for as such, and waited for a quarter of the timeout.
      const streamed =
        bad === stream
          ? { accept: "text/event-stream, application/json", timeoutMs: Math.min(ctx.timeoutMs / 4, 15_000) }
          : {};
      const reply = await postRaw(ctx, bad.body, "client mistake", { headers, ...streamed });
      evidence.push(...reply.evidence);
      // A 5xx that carries a JSON-RPC internal error says what its body says: the wrong code for a client's
      // mistake is the finding of the check that owns that mistake (one defect, one finding).
      if (reply.ok && reply.http.status >= 500 && !internalErrorBody(reply.json))
        broken.push(`${bad.what} → HTTP ${reply.http.status}`);
    }
    if (broken.length > 0) return fail(`server errors for client mistakes: ${broken.join("; ")}`, evidence);
    return pass(`${mistakes.length} client mistakes answered without a 5xx`, evidence);
  },
});

/**
 * The stream method with no params member (JSON-RPC 2.0 §4.2 lets a request leave them out; the method cannot
 * do without): seen at first sight, the event stream's head already written when the handler threw, and the
 * framework's error handler then killed the process (errors.server-survives reports a dead agent).
 */
function streamWithoutParams(ctx: CheckContext): BadRequest {
  const id = randomUUID();
  return {
    what: `a stream request (${methodName(ctx.generation, "stream")}) without params`,
    body: JSON.stringify({ jsonrpc: "2.0", id, method: methodName(ctx.generation, "stream") }),
    replyId: id,
  };
}

/** A JSON-RPC error response with -32603 (Internal error). */
function internalErrorBody(json: unknown): boolean {
  return isObject(json) && isObject(json.error) && json.error.code === -32603;
}

/** A URL with `query` appended as it is, its escapes unchecked (the mistake is in the query itself). */
function withRawQuery(url: string, query: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}

/**
 * The same over HTTP+JSON (1.0.1 §11): a query whose percent-escape is malformed (RFC 3986 §2.1), which a server
 * that decodes it unguarded answers with a 500 (seen at first sight).
 */
async function restMistakes(ctx: CheckContext): Promise<CheckVerdict> {
  const { target } = ctx.client;
  const routes = new RestRoutes(target, ctx.clientContext.query);
  const missing = `plainwright-missing-${randomUUID()}`;
  // Bodies that are not a request are errors.rest-invalid-input's to judge: one defect, one finding.
  // A task id whose percent-escape is malformed, in the path itself (seen at first sight: a decode outside the
  // error handling, HTTP 500 with an empty body).
  const marker = `plainwright-escape-${randomUUID()}`;
  const badId = (url: string) => url.replace(marker, "%ZZ");
  const mistakes: Array<{ what: string; req: RestRequest }> = [
    {
      what: "GET of the task %ZZ (a malformed percent-escape in the path)",
      req: { method: "GET", url: badId(routes.task(marker)), label: "client mistake" },
    },
    {
      what: "a cancel of the task %ZZ (a malformed percent-escape in the path)",
      req: { method: "POST", url: badId(routes.cancel(marker)), body: {}, label: "client mistake" },
    },
    {
      what: "GET of a task with historyLength=%ZZ (a malformed percent-escape)",
      req: {
        method: "GET",
        url: withRawQuery(routes.task(missing), "historyLength=%ZZ"),
        label: "client mistake",
      },
    },
    ...(ctx.generation === "1.0"
      ? [
          {
            what: "ListTasks with contextId=%E0%A4%A (a malformed percent-escape)",
            req: {
              method: "GET" as const,
              url: withRawQuery(routes.tasks(), "contextId=%E0%A4%A"),
              label: "client mistake",
            },
          },
        ]
      : []),
  ];
  const evidence: string[] = [];
  const broken: string[] = [];
  for (const { what, req } of mistakes) {
    const sent = await sendRest(target, ctx.clientContext, req);
    evidence.push(...sent.trafficIds);
    if (sent.ok && sent.http.status >= 500) broken.push(`${what} → HTTP ${sent.http.status}`);
  }
  if (broken.length > 0) return fail(`server errors for client mistakes: ${broken.join("; ")}`, evidence);
  return pass(`${mistakes.length} client mistakes answered without a 5xx`, evidence);
}
