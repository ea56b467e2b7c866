import http from "node:http";
import { afterAll } from "vitest";
import type { AddressInfo } from "node:net";
import type { Finding } from "../../model/finding.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../run-conformance.js";
import type { CheckDefinition } from "../../checks/types.js";
import { validCard03, validCard10 } from "../../card/fixtures.js";

/** What a hand-written test agent sees of a request: GET (its card) or POST with the parsed JSON-RPC call. */
export type HandRequest =
  | { kind: "card" }
  | { kind: "rpc"; jsonrpc: unknown; id: unknown; method: string; params: Record<string, unknown> };

/**
 * A valid 0.3 card for a hand-written agent at `url`: JSON-RPC only, so no request leaves loopback (the
 * fixture's other interfaces name a host on the internet).
 */
export function handCard03(url: string): Record<string, unknown> {
  const { additionalInterfaces: _elsewhere, ...card } = validCard03();
  return { ...card, url };
}

/**
 * The 1.0 card of a hand-written JSON-RPC agent at `url`: no security, neither streaming nor push
 * notifications, one JSONRPC interface.
 */
export function handCard10(url: string): Record<string, unknown> {
  return {
    ...validCard10(),
    capabilities: { streaming: false, pushNotifications: false },
    securitySchemes: undefined,
    securityRequirements: undefined,
    supportedInterfaces: [{ url, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  };
}

/**
 * The card of a hand-written A2A 0.1 agent at `url` (0.1 §5.5: no protocolVersion, `authentication` with the
 * public scheme), neither streaming nor push notifications, one skill.
 */
export function handCard01(url: string): Record<string, unknown> {
  return {
    name: "Echo",
    description: "Echoes",
    url,
    version: "1.0.0",
    capabilities: { streaming: false, pushNotifications: false },
    authentication: { schemes: ["public"] },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "echo", name: "Echo", description: "Echoes", tags: ["echo"], examples: ["hello"] }],
  };
}

/** A POST body read as a JSON-RPC call's members; undefined when it is no JSON at all (the agent answers that). */
export function bodyCall(
  body: string,
): { id?: unknown; method?: unknown; jsonrpc?: unknown } | null | undefined {
  try {
    return JSON.parse(body) as { id?: unknown; method?: unknown; jsonrpc?: unknown } | null;
  } catch {
    return undefined;
  }
}

/** A JSON-RPC error reply of a hand-written agent. */
export const refusal = (code: number) => ({ error: { code, message: "refused" } });

/** A hand-written agent on loopback for a check's test, and how to stop it. */
export interface HandAgent {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `answer` as an agent on 127.0.0.1: a GET gets the card it returns; a POST's JSON-RPC call gets
 * `{result}` or `{error: {code}}` wrapped with the call's id. The agent's own URL is given to `answer` (a card names it).
 * With `bearer`, a POST without that bearer token is refused HTTP 401; with `rpcPath`, only POSTs to that path
 * are served, any other gets a 404 HTML page; with `bearerInBand`, a POST without that token gets HTTP 200 with a
 * JSON-RPC error 1006. With `paidSends`, only sends need that token: a send with no Authorization gets HTTP 402 with
 * a payment body (no JSON-RPC), one with another token HTTP 401 without a challenge, and every other method is
 * served without credentials (as tangle-network/agent-gateway). With `idOmittedWhenUnread`, a -32600 reply to a body without a
 * method has no id member (as `id: undefined` dropped by JSON.stringify, seen at first sight).
 */
export async function startHandAgent(
  answer: (request: HandRequest, url: string) => unknown,
  options: {
    bearer?: string;
    bearerInBand?: string;
    paidSends?: string;
    rpcPath?: string;
    idOmittedWhenUnread?: boolean;
  } = {},
): Promise<HandAgent> {
  let url = "";
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "GET") {
        res.end(JSON.stringify(answer({ kind: "card" }, url)));
        return;
      }
      // As an Express app with its handler mounted on one path: any other POST is a 404 page.
      if (options.rpcPath && req.url !== options.rpcPath) {
        res.statusCode = 404;
        res.setHeader("content-type", "text/html");
        res.end(`<!DOCTYPE html><html><body><pre>Cannot POST ${req.url ?? "/"}</pre></body></html>`);
        return;
      }
      // As a server seen at first sight: a POST without the bearer token is HTTP 401, with no challenge.
      if (options.bearer && req.headers.authorization !== `Bearer ${options.bearer}`) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: "unauthorized" }));
        return;
      }
      // As a server seen at first sight: a call without the token is refused inside an HTTP 200, as a
      // JSON-RPC error of its own code.
      if (options.bearerInBand && req.headers.authorization !== `Bearer ${options.bearerInBand}`) {
        const id = (JSON.parse(body || "{}") as { id?: unknown }).id ?? null;
        res.end(
          JSON.stringify({ jsonrpc: "2.0", id, error: { code: 1006, message: "Authentication required" } }),
        );
        return;
      }
      if (options.paidSends && paymentRefusal(res, body, req.headers.authorization, options.paidSends))
        return;
      let call: {
        jsonrpc?: unknown;
        id?: unknown;
        method?: unknown;
        params?: Record<string, unknown>;
      } | null;
      try {
        call = JSON.parse(body) as typeof call;
      } catch {
        res.end(JSON.stringify({ jsonrpc: "2.0", id: null, ...refusal(-32700) }));
        return;
      }
      if (typeof call?.method !== "string") {
        const id = options.idOmittedWhenUnread ? {} : { id: null };
        res.end(JSON.stringify({ jsonrpc: "2.0", ...id, ...refusal(-32600) }));
        return;
      }
      const { jsonrpc, id, method, params } = call;
      const reply = answer({ kind: "rpc", jsonrpc, id, method, params: params ?? {} }, url);
      res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id ?? null, ...(reply as object) }));
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, close: () => new Promise((done) => server.close(() => done())) };
}

/**
 * Refuses a send without `Bearer token` as an x402 gateway seen at first sight does: no Authorization is a
 * 402 with what to pay, another token a 401 with no WWW-Authenticate; true when it answered.
 */
function paymentRefusal(
  res: http.ServerResponse,
  body: string,
  authorization: string | undefined,
  token: string,
): boolean {
  let method: unknown;
  try {
    method = (JSON.parse(body) as { method?: unknown } | null)?.method;
  } catch {
    return false;
  }
  const send = method === "message/send" || method === "message/stream";
  if (!send || authorization === `Bearer ${token}`) return false;
  res.statusCode = authorization ? 401 : 402;
  const payment = { x402Version: 1, error: "X-PAYMENT header is required", accepts: [{ scheme: "exact" }] };
  res.end(JSON.stringify(authorization ? { error: "invalid token" } : payment));
  return true;
}

/** The findings of the given checks on an agent, by check id (over one binding, when the card names several). */
export async function verdictsOn(
  agentUrl: string,
  catalogue: readonly CheckDefinition[],
  transport?: string,
  headers: Record<string, string> = {},
): Promise<Map<string, Finding>> {
  const result = await runConformance({
    agentUrl,
    headers,
    timeoutMs: 3000,
    policy: commandLinePolicy,
    catalogue,
  });
  const findings = (result.findings ?? []).filter((f) => !transport || f.transport === transport);
  return new Map(findings.map((f) => [f.id, f]));
}

/**
 * startHandAgent for one test file: every agent it starts is closed once the file's tests are done.
 * Call it at the top level of the file.
 */
export function handAgentsClosedAfterAll(): typeof startHandAgent {
  const started: HandAgent[] = [];
  afterAll(() => Promise.all(started.map((a) => a.close())));
  return async (answer, options) => {
    const agent = await startHandAgent(answer, options);
    started.push(agent);
    return agent;
  };
}

/** The JSON-RPC call a raw hand-written agent was sent (see startRawAgent). */
export interface RawCall {
  id: unknown;
  method: string;
  params: Record<string, unknown>;
  /** The request's Accept header. */
  accept?: string;
}

/**
 * A hand-written agent on 127.0.0.1 that writes each reply itself (event streams, replies left open):
 * `answer` gets the parsed JSON-RPC call of a POST, or undefined for a GET (its card), the response to
 * write, and the agent's own URL. Every agent it starts is closed, open streams included, after the file.
 */
export function rawAgentsClosedAfterAll(): (
  answer: (call: RawCall | undefined, res: http.ServerResponse, url: string) => void,
) => Promise<string> {
  const started: http.Server[] = [];
  afterAll(() => {
    for (const server of started) server.closeAllConnections();
    return Promise.all(started.map((s) => new Promise((done) => s.close(done))));
  });
  return async (answer) => {
    let url = "";
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        if (req.method === "GET") return answer(undefined, res, url);
        // A body that is no JSON-RPC call is refused as any JSON-RPC server would, before `answer` sees it.
        let call: Partial<RawCall> | null = null;
        try {
          call = JSON.parse(body) as Partial<RawCall> | null;
        } catch {
          call = null;
        }
        if (typeof call !== "object" || call === null || typeof call.method !== "string") {
          const code = call === null && body.trim() !== "null" ? -32700 : -32600;
          res.setHeader("content-type", "application/json");
          return void res.end(
            JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message: "refused" } }),
          );
        }
        const accept = req.headers.accept ? { accept: req.headers.accept } : {};
        answer({ id: call.id, method: String(call.method), params: call.params ?? {}, ...accept }, res, url);
      });
    });
    started.push(server);
    await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return url;
  };
}

/**
 * Plain HTTP agents on 127.0.0.1 for one test file, each answering with `handle` (the request, its whole body,
 * the response and the agent's base URL), for what the JSON-RPC starters above cannot write: an HTML page for
 * a body that is no JSON, routes of HTTP+JSON. Every one is closed once the file's tests are done.
 */
export function httpAgentsClosedAfterAll(): (
  handle: (req: http.IncomingMessage, body: string, res: http.ServerResponse, base: string) => void,
) => Promise<string> {
  const started: http.Server[] = [];
  afterAll(() => Promise.all(started.map((s) => new Promise((done) => s.close(done)))));
  return async (handle) => {
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () =>
        handle(req, body, res, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
      );
    });
    started.push(server);
    await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  };
}
