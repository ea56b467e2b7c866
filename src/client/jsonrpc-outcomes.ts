import { errorName } from "../protocol/error-codes.js";
import type { Reply } from "../protocol/model.js";
import { normalizeReply } from "../protocol/normalize.js";
import type { RpcError, RpcOutcome } from "./jsonrpc.js";
import type { A2AError, CallOutcome, StreamOutcome } from "./types.js";

/** JSON-RPC outcomes as the client reports every call's: the binding-neutral shapes of src/client/types.ts. */

type Failure = Exclude<CallOutcome<never>, { ok: true }>;

export function toA2AError(error: RpcError, httpStatus?: number): A2AError {
  return {
    code: error.code,
    name: errorName(error.code),
    message: error.message,
    ...(error.data !== undefined ? { data: error.data } : {}),
    ...(httpStatus ? { httpStatus } : {}),
  };
}

export function idsOf(outcome: RpcOutcome): string[] {
  return outcome.kind === "unreachable" ? [] : outcome.http.trafficId ? [outcome.http.trafficId] : [];
}

/** Turns a non-result outcome into the binding-neutral failure shape. */
export function failureOf(outcome: RpcOutcome): Failure {
  const trafficIds = idsOf(outcome);
  switch (outcome.kind) {
    case "error":
      return { ok: false, kind: "error", error: toA2AError(outcome.error, outcome.http.status), trafficIds };
    case "unreachable":
      return { ok: false, kind: "unreachable", error: outcome.error, trafficIds };
    case "invalid":
      return { ok: false, kind: "invalid", reason: outcome.reason, trafficIds };
    case "stream":
      return {
        ok: false,
        kind: "invalid",
        reason: `expected one JSON-RPC response, got an event stream of ${outcome.items.length} event(s)`,
        trafficIds,
        events: outcome.results.map(normalizeReply).filter((r): r is Reply => r !== undefined),
      };
    case "result":
      return { ok: false, kind: "invalid", reason: "unexpected result", trafficIds };
  }
}

/** A call's outcome as the client reports it: the value `read` finds in the result, or why there is none. */
export function readOutcome<T>(
  outcome: RpcOutcome,
  method: string,
  read: (result: unknown) => T | undefined,
  what: string,
): CallOutcome<T> {
  if (outcome.kind !== "result") return failureOf(outcome);
  const value = read(outcome.result);
  if (value === undefined)
    return {
      ok: false,
      kind: "invalid",
      reason: `${method} returned something that is not ${what}`,
      raw: outcome.result,
      trafficIds: idsOf(outcome),
    };
  return { ok: true, value, raw: outcome.result, trafficIds: idsOf(outcome) };
}

/**
 * A JSON-RPC exchange read as a stream: its readable events in order, the unreadable ones and the errors said,
 * or the failure when the server answered before any stream (A2A 1.0 §3.5, §11.7) or not at all.
 */
export function streamOutcomeOf(method: string, outcome: RpcOutcome): StreamOutcome {
  const empty = {
    events: [],
    rawEvents: [],
    invalidEvents: [],
    errors: [],
    arrivalsMs: [],
    trafficIds: idsOf(outcome),
  };
  if (outcome.kind === "unreachable")
    return {
      ...empty,
      failure: failureOf(outcome),
      contentType: "",
      end: { reason: "error", message: outcome.error.message },
    };
  const contentType = outcome.http.contentType;
  if (outcome.kind !== "stream") {
    // Errors raised before the stream come back as one JSON response (A2A 1.0 §3.5, §11.7).
    const failure =
      outcome.kind === "result"
        ? ({
            ok: false,
            kind: "invalid",
            reason: `${method} answered with one JSON result instead of an event stream`,
            raw: outcome.result,
            trafficIds: idsOf(outcome),
          } as const)
        : failureOf(outcome);
    return { ...empty, failure, contentType, end: { reason: "closed" } };
  }
  const results = outcome.items.flatMap((item) => ("result" in item ? [item] : []));
  // A bare event's missing envelope is already among outcome.invalid: said once.
  const unreadable = results
    .filter((item) => normalizeReply(item.result) === undefined && !item.bare)
    .map((item) => `event at ${item.at_ms} ms: not a Task, Message or update`);
  const readable = results.filter((item) => normalizeReply(item.result) !== undefined);
  const foreignId = outcome.items.find((item) => "foreignId" in item && item.foreignId);
  return {
    ...(foreignId && "foreignId" in foreignId && foreignId.foreignId
      ? { foreignId: foreignId.foreignId }
      : {}),
    events: readable.map((item) => normalizeReply(item.result) as Reply),
    rawEvents: readable.map((item) => item.result),
    arrivalsMs: readable.map((item) => item.at_ms),
    invalidEvents: [...outcome.invalid, ...unreadable],
    errors: outcome.errors.map((e) => toA2AError(e)),
    contentType,
    end: outcome.http.streamEnd ?? { reason: "closed" },
    trafficIds: idsOf(outcome),
  };
}
