import { cardRequiresAuth } from "../../client/auth.js";
import { randomUUID } from "node:crypto";
import { createClient } from "../../client/create-client.js";
import type { A2AClient, CallOutcome } from "../../client/types.js";
import type { TrafficEntry } from "../../model/traffic.js";
import type { CheckContext } from "../types.js";
import { withWrongCredentials, withoutCredentials } from "./credentials.js";

/** How a task endpoint answered a request with missing or wrong credentials. */
export interface AuthProbe {
  /** In words: "HTTP 401", "gRPC UNAUTHENTICATED", "HTTP 200 with TaskNotFound". */
  answer: string;
  /**
   * 401/403, or gRPC UNAUTHENTICATED/PERMISSION_DENIED (A2A 1.0 §4.3 generic errors), or an error in the
   * reply's body that the same call with the run's credentials does not get (`inBand`).
   */
  refused: boolean;
  /**
   * Refused by an error in the body of an HTTP 200 (a JSON-RPC error): 1.0.1 §3.3.2 names "JSON-RPC custom
   * error" beside HTTP 401 as a way to reject missing credentials, and 0.3 §4.4 makes 401/403 a SHOULD.
   */
  inBand?: boolean;
  httpStatus?: number;
  /** The WWW-Authenticate header of an HTTP answer, when there is one. */
  challenge?: string;
  /** Set when nothing came back, so the probe proves nothing either way. */
  inconclusive?: string;
  /** The call's outcome as the client read it, for a check that judges what was answered. */
  outcome: CallOutcome<unknown>;
  evidence: string[];
}

/** The operation a probe sends without the run's credentials. */
export type ProbeCall = (client: A2AClient) => Promise<CallOutcome<unknown>>;

/**
 * A GetTask of a task that cannot exist: an agent that checks credentials refuses before looking for the
 * task (A2A 1.0 §7.4: authenticate every request); one that does not answers TaskNotFound.
 */
const readUnknownTask: ProbeCall = (client) => client.getTask(`plainwright-auth-probe-${randomUUID()}`);

const REFUSING_GRPC = new Set(["UNAUTHENTICATED", "PERMISSION_DENIED"]);

function lastEntry(ctx: CheckContext, ids: readonly string[]): TrafficEntry | undefined {
  const last = ids[ids.length - 1];
  return ctx.clientContext.traffic.entries().find((e) => e.id === last);
}

/** A probe that got no answer: it proves nothing either way. */
function unanswered(
  outcome: Extract<CallOutcome<unknown>, { kind: "unreachable" }>,
  evidence: string[],
): AuthProbe {
  const answer = outcome.error.message;
  return { answer, refused: false, inconclusive: answer, outcome, evidence };
}

function grpcProbe(outcome: CallOutcome<unknown>, evidence: string[]): AuthProbe {
  if (outcome.ok) return { answer: "a gRPC result", refused: false, outcome, evidence };
  if (outcome.kind === "unreachable") return unanswered(outcome, evidence);
  const status = outcome.kind === "error" ? (outcome.error.grpcStatus ?? outcome.error.name) : outcome.kind;
  return { answer: `gRPC ${status}`, refused: REFUSING_GRPC.has(status), outcome, evidence };
}

function httpProbe(ctx: CheckContext, outcome: CallOutcome<unknown>, evidence: string[]): AuthProbe {
  const entry = lastEntry(ctx, outcome.trafficIds);
  if (!outcome.ok && outcome.kind === "unreachable" && entry?.status === undefined)
    return unanswered(outcome, evidence);
  const status = entry?.status;
  const challenge = entry?.response_headers?.["www-authenticate"];
  // Name what the body said when it was an A2A answer; a bare 401 body is not one.
  const detail = outcome.ok
    ? " with a result"
    : outcome.kind === "error"
      ? ` with ${outcome.error.name}`
      : "";
  return {
    answer: `HTTP ${status ?? "?"}${detail}`,
    refused: status === 401 || status === 403,
    ...(status !== undefined ? { httpStatus: status } : {}),
    ...(challenge ? { challenge } : {}),
    outcome,
    evidence,
  };
}

/**
 * Sends one call on the binding under test without the run's credentials (or with wrong ones), by
 * default a GetTask of a task that cannot exist, and says whether it was refused.
 */
export async function probeWithoutCredentials(
  ctx: CheckContext,
  mode: "missing" | "wrong",
  call: ProbeCall = readUnknownTask,
): Promise<AuthProbe> {
  const given = { headers: ctx.clientContext.headers, query: ctx.clientContext.query ?? {} };
  const sent =
    mode === "missing"
      ? withoutCredentials(ctx.validation.card, given)
      : withWrongCredentials(ctx.validation.card, given);
  const client = createClient(ctx.client.target, {
    ...ctx.clientContext,
    headers: sent.headers,
    query: sent.query,
  });
  try {
    const outcome = await call(client);
    const evidence = [...outcome.trafficIds];
    const probe =
      ctx.client.target.binding === "GRPC" ? grpcProbe(outcome, evidence) : httpProbe(ctx, outcome, evidence);
    return probe.refused || probe.inconclusive ? probe : await refusedInBand(ctx, probe, call);
  } finally {
    client.close();
  }
}

/**
 * An error the agent answers without credentials but not with them is a refusal, whatever the HTTP status
 * (seen at first sight: `{"error": {"code": 1006, "message": "Authentication required"}}` at HTTP 200, while
 * the same GetTask with credentials got task-not-found). The same error both ways refuses nothing.
 */
async function refusedInBand(ctx: CheckContext, probe: AuthProbe, call: ProbeCall): Promise<AuthProbe> {
  const without = probe.outcome;
  if (without.ok || without.kind !== "error") return probe;
  const withCredentials = await call(ctx.client);
  const evidence = [...probe.evidence, ...withCredentials.trafficIds];
  if (!withCredentials.ok && withCredentials.kind === "unreachable") return { ...probe, evidence };
  const differs =
    withCredentials.ok ||
    withCredentials.kind !== "error" ||
    withCredentials.error.code !== without.error.code;
  if (!differs) return { ...probe, evidence };
  const withSaid = withCredentials.ok
    ? "a result"
    : withCredentials.kind === "error"
      ? `${withCredentials.error.name} (${withCredentials.error.code})`
      : "another answer";
  return {
    ...probe,
    answer: `${probe.answer} (${without.error.code}: "${without.error.message}"), where the same call with the run's credentials got ${withSaid}`,
    refused: true,
    inBand: true,
    evidence,
  };
}

/** Whether the card requires credentials, read in the generation the agent speaks on this binding. */
export function cardDeclaresSecurity(ctx: CheckContext): boolean {
  return cardRequiresAuth(ctx.validation.card, ctx.generation);
}

/**
 * Whether credentials are in force on this binding: the card requires them, or (the wire decides, the
 * card is a claim) a request without them is refused though the card declares none. `probe` is that
 * request's answer when it was sent; undefined when the card settles it.
 */
export async function credentialsInForce(
  ctx: CheckContext,
): Promise<{ inForce: boolean; probe?: AuthProbe }> {
  if (cardDeclaresSecurity(ctx)) return { inForce: true };
  const probe = await probeWithoutCredentials(ctx, "missing");
  return { inForce: probe.refused, probe };
}

/** Why the auth checks do not apply: the card requires nothing and the agent serves without credentials. */
export const NO_CREDENTIALS_IN_FORCE =
  "the card declares no required security scheme and the agent answered a request without credentials";
