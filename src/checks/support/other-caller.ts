import { randomUUID } from "node:crypto";
import { createClient } from "../../client/create-client.js";
import type { A2AClient, CallOutcome, StreamOutcome } from "../../client/types.js";
import type { Task } from "../../protocol/model.js";
import { notApplicable, skip } from "../define.js";
import type { CheckContext, CheckVerdict, OtherCaller } from "../types.js";
import { cardDeclaresSecurity } from "./auth-probe.js";
import { withoutCredentials } from "./credentials.js";

// The task-scope checks (src/checks/auth/*-scoped.ts, existence-hidden.ts) judge A2A 1.0 only: 1.0.1 §13.1
// makes scoping a MUST, while 0.3.0 §4.6 leaves it to the server ("Authorization logic is
// implementation-specific and MAY be enforced based on: ... Data access policies").

/** The start of the skip a run without --identity gets (src/report/console-skips.ts names the option). */
export const NO_OTHER_CALLER = "no second identity was given";

/** Why the scope checks cannot run without a second caller: they do not apply, or need --identity. */
function withoutOtherCaller(ctx: CheckContext): CheckVerdict {
  if (!cardDeclaresSecurity(ctx) && !ctx.credentialsGiven)
    return notApplicable(
      "the card declares no security scheme and the run sent no credentials: every caller is the same anonymous caller, so no task belongs to another",
    );
  return skip(
    `${NO_OTHER_CALLER}: telling whether one caller's tasks stay hidden from another needs a credential of a second caller`,
  );
}

/** The other caller's headers: the run's own without its credentials, plus the identity's. */
function otherHeaders(
  ctx: CheckContext,
  other: OtherCaller,
): { headers: Record<string, string>; query: Record<string, string> } {
  const given = { headers: ctx.clientContext.headers, query: ctx.clientContext.query ?? {} };
  const base = withoutCredentials(ctx.validation.card, given);
  return { headers: { ...base.headers, ...other.headers }, query: base.query };
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) => {
  const norm = (h: Record<string, string>) =>
    JSON.stringify(
      Object.entries(h)
        .map(([k, v]) => [k.toLowerCase(), v])
        .sort(),
    );
  return norm(a) === norm(b);
};

/**
 * Runs `judge` with a client of the other caller on the binding under test (closed afterwards), or says
 * why it cannot: no second identity, or one that sends the run's own credentials.
 */
export async function asOtherCaller(
  ctx: CheckContext,
  judge: (other: A2AClient, name: string) => Promise<CheckVerdict>,
): Promise<CheckVerdict> {
  const other = ctx.otherCaller;
  if (!other) return withoutOtherCaller(ctx);
  const sent = otherHeaders(ctx, other);
  if (sameHeaders(sent.headers, ctx.clientContext.headers))
    return skip(
      `the second identity "${other.name}" sends the same headers as the run itself: it is the same caller`,
    );
  const client = createClient(ctx.client.target, { ...ctx.clientContext, ...sent });
  try {
    return await judge(client, other.name);
  } finally {
    client.close();
  }
}

const AUTH_REFUSALS = new Set([401, 403]);
const GRPC_REFUSALS = new Set(["UNAUTHENTICATED", "PERMISSION_DENIED"]);

/** The HTTP status of the last exchange of a call, from the traffic log (none for gRPC). */
function httpStatusOf(ctx: CheckContext, trafficIds: readonly string[]): number | undefined {
  const last = trafficIds[trafficIds.length - 1];
  return ctx.clientContext.traffic.entries().find((e) => e.id === last)?.status;
}

/**
 * How an answer reads on the wire, as a client could tell two answers apart: the A2A error with its HTTP
 * and gRPC status, or for a reply that is no A2A answer at all (a bare 401 page) what kind it was and its status.
 */
export function answerOf(ctx: CheckContext, outcome: CallOutcome<unknown>): string {
  if (outcome.ok) return "a result";
  if (outcome.kind !== "error") {
    const status = httpStatusOf(ctx, outcome.trafficIds);
    return `an ${outcome.kind} reply${status !== undefined ? `, HTTP ${status}` : ""}`;
  }
  const { code, name, httpStatus, grpcStatus } = outcome.error;
  const wire = [httpStatus ? `HTTP ${httpStatus}` : "", grpcStatus ? `gRPC ${grpcStatus}` : ""].filter(
    Boolean,
  );
  return `${name} (${code})${wire.length ? `, ${wire.join(", ")}` : ""}`;
}

/** A stream's answer in the same words: its refusal, or the events it carried. */
export function streamAnswerOf(ctx: CheckContext, stream: StreamOutcome): string {
  return stream.failure ? answerOf(ctx, stream.failure) : `a stream of ${stream.events.length} event(s)`;
}

/** Whether the agent refused the credential itself (HTTP 401/403, gRPC UNAUTHENTICATED/PERMISSION_DENIED). */
export function credentialRefused(ctx: CheckContext, outcome: CallOutcome<unknown>): boolean {
  if (outcome.ok || outcome.kind === "unsupported") return false;
  const grpcStatus = outcome.kind === "error" ? outcome.error.grpcStatus : undefined;
  if (grpcStatus !== undefined) return GRPC_REFUSALS.has(grpcStatus);
  const httpStatus =
    (outcome.kind === "error" ? outcome.error.httpStatus : undefined) ??
    httpStatusOf(ctx, outcome.trafficIds);
  return httpStatus !== undefined && AUTH_REFUSALS.has(httpStatus);
}

/** An id no agent has issued: the yardstick for "not found". */
export const neverIssuedId = (): string => `plainwright-missing-${randomUUID()}`;

/** The run's own finished task, the one the other caller must not reach; a skip when there is none. */
export async function ownTask(
  ctx: CheckContext,
): Promise<{ ok: true; task: Task; evidence: string[] } | { ok: false; verdict: CheckVerdict }> {
  const settled = await ctx.fixtures.settledTask();
  if (!settled.ok)
    return { ok: false, verdict: skip(`no task of the run's own caller to hide: ${settled.reason}`) };
  return { ok: true, task: settled.value, evidence: [...settled.evidence] };
}

/**
 * The run's own task beside what the other caller gets for an id never issued (the yardstick an answer
 * about the own task is compared with); a skip when there is no task or the agent refused the caller.
 */
export async function ownTaskAndYardstick(
  ctx: CheckContext,
  other: A2AClient,
  name: string,
): Promise<
  | { ok: true; task: Task; unknown: CallOutcome<unknown>; evidence: string[] }
  | { ok: false; verdict: CheckVerdict }
> {
  const own = await ownTask(ctx);
  if (!own.ok) return own;
  const unknown = await other.getTask(neverIssuedId());
  if (credentialRefused(ctx, unknown)) return { ok: false, verdict: refusedVerdict(ctx, name, unknown) };
  return { ok: true, task: own.task, unknown, evidence: [...own.evidence, ...unknown.trafficIds] };
}

/** The skip when the agent refused the second identity's credential before looking for any task. */
export function refusedVerdict(ctx: CheckContext, name: string, outcome: CallOutcome<unknown>): CheckVerdict {
  return skip(
    `the agent refused the second identity "${name}" itself (${answerOf(ctx, outcome)}): give a credential the agent accepts for another caller`,
  );
}
