import { NetError } from "../../net/errors.js";
import { httpRequest } from "../../net/http.js";
import type { HttpResponse } from "../../net/http.js";
import type { StreamOptions } from "../../net/http-hop.js";
import { tryParseJson } from "../../net/json.js";
import type { CallOutcome, ClientContext, ClientTarget } from "../types.js";
import { extensionHeaders } from "../extensions.js";
import { versionHeader } from "../version-header.js";
import { CallTraffic } from "./call-traffic.js";
import { decodeRestError } from "./errors.js";
import type { Decoded } from "./replies.js";

/** One HTTP+JSON request: verb, full URL, optional JSON body, and the operation name for the traffic log. */
export interface RestRequest {
  method: "GET" | "POST" | "DELETE";
  url: string;
  body?: unknown;
  /** A body sent exactly as given (conformance checks' malformed requests, a prepared send's laid-out body), instead of `body` as JSON. */
  rawBody?: string;
  /** The 1.0 operation name (SendMessage, GetTask…), as JSON-RPC labels its traffic. */
  label: string;
}

export type Sent =
  | { ok: true; http: HttpResponse; trafficIds: string[] }
  | { ok: false; error: NetError; trafficIds: string[] };

/**
 * The headers of every request: the caller's (credentials included, able to override ours) on top of
 * the binding's. 1.0 sends `application/json`, which 1.0.0 requires and 1.0.1 servers still accept
 * (1.0.1 only SHOULD use application/a2a+json, A2A 1.0 §11); Accept names both. A2A-Version: see
 * version-header.ts.
 */
function headersFor(target: ClientTarget, ctx: ClientContext, hasBody: boolean): Record<string, string> {
  const v10 = target.generation === "1.0";
  return {
    Accept: v10
      ? "application/json, application/a2a+json, text/event-stream"
      : "application/json, text/event-stream",
    ...(hasBody ? { "Content-Type": "application/json" } : {}),
    ...versionHeader(target),
    ...extensionHeaders(target),
    ...ctx.headers,
  };
}

/** Sends one request under the context's policy and timeout; a net failure is returned, not thrown. */
export async function sendRest(
  target: ClientTarget,
  ctx: ClientContext,
  req: RestRequest,
  stream?: StreamOptions,
): Promise<Sent> {
  const traffic = new CallTraffic(ctx.traffic);
  const body = req.rawBody ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
  try {
    const http = await httpRequest({
      method: req.method,
      url: req.url,
      headers: headersFor(target, ctx, body !== undefined),
      ...(body === undefined ? {} : { body }),
      timeoutMs: ctx.timeoutMs,
      ...(ctx.maxResponseBytes ? { maxBytes: ctx.maxResponseBytes } : {}),
      policy: ctx.policy,
      traffic,
      ...(ctx.rateLimit ? { rateLimit: ctx.rateLimit } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
      label: req.label,
      ...(stream ? { stream } : {}),
    });
    return { ok: true, http, trafficIds: traffic.ids };
  } catch (error) {
    if (error instanceof NetError) return { ok: false, error, trafficIds: traffic.ids };
    throw error;
  }
}

/**
 * Reads a finished exchange into a CallOutcome: an HTTP error status is an A2A error decoded from the
 * body; a 2xx body must be JSON of the expected shape, else the reply is `invalid`. `emptyOk` is for
 * operations whose success has no body (DeleteTaskPushNotificationConfig answers 204).
 */
export function toOutcome<T>(
  sent: Sent,
  decode: (raw: unknown) => Decoded<T>,
  emptyOk = false,
): CallOutcome<T> {
  const { trafficIds } = sent;
  if (!sent.ok) return { ok: false, kind: "unreachable", error: sent.error, trafficIds };
  const { http } = sent;
  if (http.status >= 400) {
    const error = decodeRestError(http.status, http.contentType, http.body, http.url);
    return { ok: false, kind: "error", error, raw: rawBody(http), trafficIds };
  }
  if (http.status < 200 || http.status >= 300) {
    const reason = `HTTP ${http.status} is not a success status`;
    return { ok: false, kind: "invalid", reason, raw: http.body, trafficIds };
  }
  if (emptyOk && http.body.trim() === "") return decoded(decode(null), null, trafficIds);
  const parsed = tryParseJson(http.body, http.url);
  if (!parsed.ok) {
    const type = http.contentType || "no content type";
    const reason = `HTTP ${http.status} ${type} reply is not JSON: ${parsed.error.message}`;
    return { ok: false, kind: "invalid", reason, raw: http.body, trafficIds };
  }
  return decoded(decode(parsed.value), parsed.value, trafficIds, http.status);
}

function decoded<T>(result: Decoded<T>, raw: unknown, trafficIds: string[], status = 200): CallOutcome<T> {
  if (result.ok) return { ok: true, value: result.value, raw, trafficIds };
  return { ok: false, kind: "invalid", reason: `HTTP ${status}: ${result.reason}`, raw, trafficIds };
}

/** The body as JSON when it is JSON, else as text: what `raw` carries for checks. */
export function rawBody(http: HttpResponse): unknown {
  const parsed = tryParseJson(http.body, http.url);
  return parsed.ok ? parsed.value : http.body;
}
