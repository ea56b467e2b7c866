import { cardRequiresAuth, legacyAuthClaim } from "../../client/auth.js";
import { randomUUID } from "node:crypto";
import { createClient } from "../../client/create-client.js";
import type { A2AClient, CallOutcome } from "../../client/types.js";
import type { TrafficEntry } from "../../model/traffic.js";
import { notApplicable, skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { withWrongCredentials, withoutCredentials } from "./credentials.js";

/** How a task endpoint answered a request with missing or wrong credentials. */
export interface AuthProbe {
  /** In words: "HTTP 401", "gRPC UNAUTHENTICATED", "HTTP 200 with TaskNotFound". */
  answer: string;
  /**
   * 401/403, or gRPC UNAUTHENTICATED/PERMISSION_DENIED (A2A 1.0 §4.3 generic errors), or any other 4xx or an
   * error in the reply's body that the same call with the run's credentials does not get.
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

/** The run's ordinary message, as a client would send it first. */
const sendOrdinary =
  (ctx: CheckContext): ProbeCall =>
  (client) =>
    client.send({ text: ctx.fixtures.message });

const REFUSING_GRPC = new Set(["UNAUTHENTICATED", "PERMISSION_DENIED"]);

// Statuses that say nothing of credentials (RFC 9110 §15.5.9 Request Timeout, RFC 6585 §4 Too Many Requests):
// a rate limit met by one of the two calls compared is not a refusal of the caller.
const NOT_ABOUT_CREDENTIALS = new Set([408, 429]);

const isClientError = (status: number | undefined): status is number =>
  status !== undefined && status >= 400 && status < 500 && !NOT_ABOUT_CREDENTIALS.has(status);

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
    // Any other 4xx is a refusal only beside the same call with credentials (withCredentialsBeside).
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
    return worthComparing(probe) ? await withCredentialsBeside(ctx, probe, call) : probe;
  } finally {
    client.close();
  }
}

/**
 * Whether the answer reads as a refusal only beside the same call with credentials: any 4xx but 401/403
 * (seen at first sight: a message without credentials got HTTP 402 with a payment body), or an error in the
 * body. A 404 for a task that does not exist is no refusal when the credentialed call gets it too.
 */
function worthComparing(probe: AuthProbe): boolean {
  if (probe.refused || probe.inconclusive) return false;
  if (isClientError(probe.httpStatus)) return true;
  return !probe.outcome.ok && probe.outcome.kind === "error";
}

/**
 * Whether the credentialed call got another answer: another HTTP status for a 4xx ("any 4xx the credentialed
 * call does not get"), another A2A error (or none) for an error in the body.
 */
function answeredOtherwise(
  probe: AuthProbe,
  withCredentials: CallOutcome<unknown>,
  withStatus: number | undefined,
): boolean {
  if (isClientError(probe.httpStatus)) return withStatus !== probe.httpStatus;
  const without = probe.outcome;
  if (without.ok || without.kind !== "error") return false;
  return (
    withCredentials.ok ||
    withCredentials.kind !== "error" ||
    withCredentials.error.code !== without.error.code
  );
}

/**
 * A 4xx or an error the agent answers without credentials but not with them is a refusal (seen at first sight:
 * `{"error": {"code": 1006, "message": "Authentication required"}}` at HTTP 200, while the same GetTask with
 * credentials got task-not-found; and HTTP 402 to a message the credentialed send got a task for). The same
 * answer both ways refuses nothing.
 */
async function withCredentialsBeside(
  ctx: CheckContext,
  probe: AuthProbe,
  call: ProbeCall,
): Promise<AuthProbe> {
  const without = probe.outcome;
  const withCredentials = await call(ctx.client);
  const evidence = [...probe.evidence, ...withCredentials.trafficIds];
  const withStatus = lastEntry(ctx, withCredentials.trafficIds)?.status;
  const unanswered =
    !withCredentials.ok && withCredentials.kind === "unreachable" && withStatus === undefined;
  if (unanswered || !answeredOtherwise(probe, withCredentials, withStatus)) return { ...probe, evidence };
  const withSaid = withCredentials.ok
    ? "a result"
    : withCredentials.kind === "error"
      ? `${withCredentials.error.name} (${withCredentials.error.code})`
      : "another answer";
  const byStatus = isClientError(probe.httpStatus);
  const gist = !byStatus && !without.ok && without.kind === "error" ? without.error : undefined;
  const said = gist ? ` (${gist.code}: "${gist.message}")` : "";
  const withWire = byStatus && withStatus !== undefined ? ` at HTTP ${withStatus}` : "";
  return {
    ...probe,
    answer: `${probe.answer}${said}, where the same call with the run's credentials got ${withSaid}${withWire}`,
    refused: true,
    ...(gist ? { inBand: true } : {}),
    evidence,
  };
}

/** Whether the card requires credentials, read in the generation the agent speaks on this binding. */
export function cardDeclaresSecurity(ctx: CheckContext): boolean {
  return cardRequiresAuth(ctx.validation.card, ctx.generation);
}

/** What the wire and the card say of the credentials an agent enforces on one binding. */
export interface CredentialsInForce {
  inForce: boolean;
  /** The GetTask of an unknown task without credentials; undefined when the card settles it. */
  probe?: AuthProbe;
  /** The run's ordinary message without credentials: sent when the card declares nothing and the GetTask was served. */
  send?: AuthProbe;
  /** The 0.1-style schemes of a 0.2 card's `authentication`, its only word on security (see legacyAuthClaim). */
  legacyClaim?: string[];
}

/**
 * Whether credentials are in force on this binding: the card requires them, or (the wire decides, the card
 * is a claim) a request without them is refused though the card declares none. A served GetTask does not
 * settle it: an agent may authenticate its sends only (seen at first sight: tasks/get served, message/send
 * HTTP 402 without credentials), so the run's message is sent without credentials too, when the run has any
 * to leave out. Read once per binding and shared by the checks that ask.
 */
export function credentialsInForce(ctx: CheckContext): Promise<CredentialsInForce> {
  return ctx.fixtures.once("auth.credentials-in-force", () => readCredentialsInForce(ctx));
}

async function readCredentialsInForce(ctx: CheckContext): Promise<CredentialsInForce> {
  if (cardDeclaresSecurity(ctx)) return { inForce: true };
  const schemes = legacyAuthClaim(ctx.validation.card, ctx.generation);
  const claim = schemes.length > 0 ? { legacyClaim: schemes } : {};
  const probe = await probeWithoutCredentials(ctx, "missing");
  if (probe.refused || probe.inconclusive || !leavesCredentialsOut(ctx))
    return { inForce: probe.refused, probe, ...claim };
  const send = await probeWithoutCredentials(ctx, "missing", sendOrdinary(ctx));
  return { inForce: send.refused, probe, send, ...claim };
}

/** Whether a request "without credentials" differs from the run's own: a message sent so would prove nothing new. */
function leavesCredentialsOut(ctx: CheckContext): boolean {
  const given = { headers: ctx.clientContext.headers, query: ctx.clientContext.query ?? {} };
  const without = withoutCredentials(ctx.validation.card, given);
  const count = (c: typeof given) => Object.keys(c.headers).length + Object.keys(c.query).length;
  return count(without) < count(given);
}

/** Why the auth checks do not apply: the card requires nothing and the agent serves without credentials. */
const NO_CREDENTIALS_IN_FORCE =
  "the card declares no required security scheme and the agent answered a request without credentials";

/** NO_CREDENTIALS_IN_FORCE with what was sent and what the card names. */
function noCredentialsInForce(force: CredentialsInForce): string {
  const sent = force.send
    ? ` (a GetTask, ${force.probe?.answer ?? "answered"}, and a message, ${force.send.answer})`
    : "";
  const claim = force.legacyClaim
    ? `; its 0.1-style authentication member (${force.legacyClaim.join(", ")}) is a claim the wire did not bear out`
    : "";
  return `${NO_CREDENTIALS_IN_FORCE}${sent}${claim}`;
}

/**
 * The verdict of an auth check when there is nothing to judge: a probe without credentials got no answer
 * (a skip), or credentials are not in force (not applicable); undefined when they are in force.
 */
export function withoutCredentialsInForce(force: CredentialsInForce): CheckVerdict | undefined {
  if (force.probe?.inconclusive)
    return skip(`a request without credentials got no answer: ${force.probe.inconclusive}`);
  if (force.send?.inconclusive)
    return skip(`a message without credentials got no answer: ${force.send.inconclusive}`);
  return force.inForce ? undefined : notApplicable(noCredentialsInForce(force));
}
