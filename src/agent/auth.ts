import { timingSafeEqual } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import type { Request, RequestHandler } from "express";
import type { GrpcBinding } from "./grpc/server.js";
import { jsonRpcBodyParser } from "./http/jsonrpc-front.js";
import type { AgentProtocol, AuthPolicy, FlawDefinition, JsonObject } from "./types.js";

/** The token an auth flaw uses when the agent was started without one. */
export const DEFAULT_FLAW_TOKEN = "plainwright-helpdesk-token";

const SCHEME_NAME = "bearerAuth";
const CHALLENGE = 'Bearer realm="plainwright-helpdesk"';

/** The agent's bearer tokens (one per caller) and how they are declared and enforced. */
export interface AgentAuth extends AuthPolicy {
  tokens: readonly string[];
}

/** Bearer settings from the agent's options and its flaw; undefined when the agent needs no credentials. */
export function resolveAuth(
  bearerToken: string | readonly string[] | undefined,
  flaw?: FlawDefinition,
): AgentAuth | undefined {
  const given = typeof bearerToken === "string" ? [bearerToken] : (bearerToken ?? []);
  const tokens = given.length > 0 ? given : flaw?.auth ? [DEFAULT_FLAW_TOKEN] : [];
  if (tokens.length === 0) return undefined;
  const defaults: AuthPolicy = {
    declare: true,
    enforce: true,
    protectCard: false,
    checkToken: true,
    challenge: true,
    guardExtendedCard: true,
  };
  return { tokens, ...defaults, ...flaw?.auth };
}

/** Adds an http bearer scheme and a requirement for it to a spec-JSON card (0.3 and 1.0 shapes, A2A 1.0 §4.4). */
export function withBearerScheme(card: JsonObject, protocol: AgentProtocol): JsonObject {
  if (protocol === "0.3") {
    return {
      ...card,
      securitySchemes: { [SCHEME_NAME]: { type: "http", scheme: "bearer" } },
      security: [{ [SCHEME_NAME]: [] }],
    };
  }
  return {
    ...card,
    securitySchemes: { [SCHEME_NAME]: { httpAuthSecurityScheme: { scheme: "Bearer" } } },
    securityRequirements: [{ schemes: { [SCHEME_NAME]: { list: [] } } }],
  };
}

/** Whether an Authorization value carries exactly this bearer token (scheme case-insensitive, RFC 7235). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Whether a request's Authorization passes the agent's policy (a flaw may accept any bearer token). */
function accepted(header: string | undefined, auth: AgentAuth): boolean {
  return auth.checkToken
    ? auth.tokens.some((token) => bearerMatches(header, token))
    : /^\s*bearer\s+\S+/i.test(header ?? "");
}

/**
 * Refuses a request without the token: 401 with a challenge (A2A 1.0 §7.4, A2A 1.0 rule 36). `exempt`
 * names requests let through regardless (only a flaw has any).
 */
export function bearerGuard(auth: AgentAuth, exempt?: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => {
    if (accepted(req.header("authorization"), auth) || exempt?.(req)) {
      next();
      return;
    }
    if (auth.challenge) res.setHeader("WWW-Authenticate", CHALLENGE);
    res.status(401).json({
      error: {
        code: 401,
        status: "UNAUTHENTICATED",
        message: "This agent requires Authorization: Bearer <token>.",
      },
    });
  };
}

type AnyHandler = (call: unknown, callback?: unknown) => unknown;

const unauthenticated = {
  code: grpc.status.UNAUTHENTICATED,
  details: "This agent requires authorization: Bearer <token> metadata.",
};

function authorized(call: unknown, auth: AgentAuth): boolean {
  const metadata = (call as { metadata?: grpc.Metadata }).metadata;
  const value = metadata?.get("authorization")[0];
  return accepted(typeof value === "string" ? value : undefined, auth);
}

/**
 * Wraps a gRPC service so every call without the token ends UNAUTHENTICATED (A2A 1.0.1 §5.4); the
 * `exempt` method (only a flaw names one) is served to anyone.
 */
export function grpcBearerGuard(binding: GrpcBinding, auth: AgentAuth, exempt?: string): GrpcBinding {
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const [name, method] of Object.entries(binding.service)) {
    const handler = binding.implementation[name] as AnyHandler | undefined;
    if (!handler) continue;
    const guarded: AnyHandler = (call, callback) => {
      if (name === exempt || authorized(call, auth)) return handler(call, callback);
      if (method.responseStream)
        (call as grpc.ServerWritableStream<unknown, unknown>).emit("error", unauthenticated);
      else (callback as grpc.sendUnaryData<unknown>)(unauthenticated, null);
      return undefined;
    };
    implementation[name] = guarded as grpc.UntypedHandleCall;
  }
  return { service: binding.service, implementation };
}

/** The bearer guards of one agent: middleware for each HTTP binding, and a wrapper for its gRPC service. */
export interface BindingGuards {
  jsonrpc: RequestHandler[];
  rest: RequestHandler[];
  grpc: (binding: GrpcBinding) => GrpcBinding;
}

/** HTTP+JSON GetExtendedAgentCard (A2A 1.0.1 §11.3.4): `GET /extendedAgentCard`, after a tenant or not. */
const isRestExtendedCard = (req: Request) =>
  req.method === "GET" && /(^|\/)extendedAgentCard$/.test(req.path);

/** JSON-RPC GetExtendedAgentCard; the body is parsed by then. */
const isRpcExtendedCard = (req: Request) =>
  (req.body as { method?: unknown } | undefined)?.method === "GetExtendedAgentCard";

/** Every binding refuses a request without the token, unless the policy lets the extended card out. */
export function bindingGuards(auth: AgentAuth | undefined): BindingGuards {
  if (!auth?.enforce) return { jsonrpc: [], rest: [], grpc: (binding) => binding };
  if (auth.guardExtendedCard) {
    const guard = bearerGuard(auth);
    return { jsonrpc: [guard], rest: [guard], grpc: (binding) => grpcBearerGuard(binding, auth) };
  }
  // Flaw extended-card-without-auth: the one operation A2A 1.0.1 §13.3 says MUST require authentication
  // is let through on every binding; the JSON-RPC guard reads the body first to see the method.
  return {
    jsonrpc: [jsonRpcBodyParser(), bearerGuard(auth, isRpcExtendedCard)],
    rest: [bearerGuard(auth, isRestExtendedCard)],
    grpc: (binding) => grpcBearerGuard(binding, auth, "getExtendedAgentCard"),
  };
}
