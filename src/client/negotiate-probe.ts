import { randomUUID } from "node:crypto";
import { a2aCodes, jsonRpcCodes } from "../protocol/error-codes.js";
import { reachedNobody, type NetError } from "../net/errors.js";
import type { ProtocolGeneration } from "../model/generation.js";
import { describeFailure } from "./describe-failure.js";
import { isObject } from "../model/json.js";
import { describeOutcome, type RpcError, type RpcOutcome } from "./jsonrpc.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";
import { methodName } from "./methods.js";
import { refusedAsUnknownMethod } from "./unknown-method.js";
import type { A2AClient, CallOutcome } from "./types.js";

// The probes of version negotiation (negotiate.ts decides from their answers): each asks one generation's
// method of an interface and says whether the agent understood it, without creating a task.

export type Verdict = "understood" | "method-not-found" | "version-not-supported" | "no-binding" | "unknown";

export interface ProbeAnswer {
  generation: ProtocolGeneration;
  method: string;
  verdict: Verdict;
  /** The probe reached nobody: why. */
  nothingAnswers?: string;
  /** What came back, one line, with the traffic entry. */
  detail: string;
  trafficIds: string[];
}

export const where = (ids: readonly string[]) => (ids.length > 0 ? ` (traffic ${ids.join(", ")})` : "");

/**
 * The code an internal error wraps, when its data is the JSON-RPC error the agent meant: a response object
 * (`{jsonrpc, id, error: {code, message}}`) or an error object (`{code, message}`). Seen at first sight on
 * A2A's own 0.1 sample server, whose error handler wraps every reply it is handed in -32603. Read leniently
 * to tell a known method from an unknown one; the outer code is still what the checks judge.
 */
export function wrappedCode(error: RpcError): number | undefined {
  if (error.code !== jsonRpcCodes.internalError || !isObject(error.data)) return undefined;
  const inner = isObject(error.data.error) ? error.data.error : error.data;
  return Number.isInteger(inner.code) && typeof inner.message === "string"
    ? (inner.code as number)
    : undefined;
}

function verdictOfCode(code: number): Verdict {
  if (code === jsonRpcCodes.methodNotFound) return "method-not-found";
  if (code === a2aCodes.versionNotSupported) return "version-not-supported";
  // Any other A2A or JSON-RPC error (invalid params above all) proves the method exists.
  return "understood";
}

// Over JSON-RPC the send method itself is probed, with params that lack a message: its name differs in
// every generation (0.1 tasks/send, 0.2/0.3 message/send, 1.0 SendMessage with A2A-Version: 1.0, A2A 1.0
// §3.6), a server that knows it answers -32602, one that does not answers -32601 (JSON-RPC 2.0 §5.1),
// and no task is created.
async function probeJsonRpc(client: JsonRpcA2AClient): Promise<ProbeAnswer> {
  const { generation } = client.target;
  const method = methodName(generation, "send");
  const outcome: RpcOutcome = await client.rawCall(method, {});
  const trafficIds =
    outcome.kind === "unreachable" || !outcome.http.trafficId ? [] : [outcome.http.trafficId];
  const answer = (verdict: Verdict, detail: string) => ({ generation, method, verdict, detail, trafficIds });
  switch (outcome.kind) {
    case "error": {
      const wrapped = wrappedCode(outcome.error);
      const code = wrapped ?? outcome.error.code;
      const inside = wrapped === undefined ? "" : ` (its data holds error ${wrapped})`;
      const detail = `${method}: ${describeOutcome(outcome)}${inside}${where(trafficIds)}`;
      const verdict = verdictOfCode(code);
      // Invalid params (the expected answer) proves the method exists; any other code proves it only when a
      // method that cannot exist gets a different answer (some agents answer every unknown method -32000).
      if (verdict !== "understood" || code === jsonRpcCodes.invalidParams) return answer(verdict, detail);
      const control = await refusedAsUnknownMethod((m, p) => client.rawCall(m, p), method, {}, outcome);
      trafficIds.push(...control.trafficIds);
      const { same } = control;
      return answer(
        same ? "method-not-found" : verdict,
        same ? `${detail}, the answer a method that does not exist gets` : detail,
      );
    }
    case "result":
    case "stream":
      return answer("understood", `${method}: ${describeOutcome(outcome)}${where(trafficIds)}`);
    case "invalid": {
      // A reply that is no JSON-RPC (a framework's validation page) still tells a known method from an unknown
      // one when a method that cannot exist gets another: the agent read the method, then refused the params.
      const detail = `${method}: ${describeOutcome(outcome)}${where(trafficIds)}`;
      const control = await refusedAsUnknownMethod((m, p) => client.rawCall(m, p), method, {}, outcome);
      trafficIds.push(...control.trafficIds);
      if (control.same)
        return answer("method-not-found", `${detail}, the answer a method that does not exist gets`);
      if (control.trafficIds.length > 0)
        return answer("understood", `${detail}, otherwise than a method that does not exist is answered`);
      return answer("unknown", detail);
    }
    default:
      return {
        ...answer("unknown", `${method}: ${describeOutcome(outcome)}${where(trafficIds)}`),
        ...(outcome.kind === "unreachable" ? nobodyThere(outcome.error) : {}),
      };
  }
}

/** A connection refused, or a name that does not resolve: nobody is there (a reset or a timeout is an agent). */
function nobodyThere(error: NetError): { nothingAnswers?: string } {
  return reachedNobody(error) ? { nothingAnswers: error.message } : {};
}

// HTTP+JSON and gRPC have no 0.1 form and no method name to miss: a get of an id that cannot exist
// answers TaskNotFound when the routes (0.3 /v1/..., 1.0 without) and version are understood.
async function probeByGet(client: A2AClient): Promise<ProbeAnswer> {
  const { generation } = client.target;
  const method = methodName(generation, "get");
  const outcome: CallOutcome<unknown> = await client.getTask(`plainwright-probe-${randomUUID()}`);
  const base = { generation, method, trafficIds: outcome.trafficIds };
  if (outcome.ok)
    return { ...base, verdict: "understood", detail: `${method}: a task${where(outcome.trafficIds)}` };
  // The generation has no such binding (0.1 over HTTP+JSON or gRPC): nothing was sent, try the next.
  if (outcome.kind === "unsupported") return { ...base, verdict: "no-binding", detail: outcome.reason };
  const detail = `${method}: ${describeFailure(outcome)}${where(outcome.trafficIds)}`;
  // An HTTP error that names no A2A error (code 0, e.g. a framework's 404 page) means this generation's
  // route does not exist there: like -32601, try the next generation.
  if (outcome.kind === "error" && outcome.error.code === 0)
    return { ...base, verdict: "method-not-found", detail };
  return {
    ...base,
    ...(outcome.kind === "unreachable" ? nobodyThere(outcome.error) : {}),
    verdict: outcome.kind === "error" ? verdictOfCode(outcome.error.code) : "unknown",
    detail,
  };
}

export function probe(client: A2AClient): Promise<ProbeAnswer> {
  return client instanceof JsonRpcA2AClient ? probeJsonRpc(client) : probeByGet(client);
}

/** The JSON-RPC method 0.3 added and no 0.2 release has (push list and delete came in 0.2.5). */
const ONLY_03_METHOD = "agent/getAuthenticatedExtendedCard";

const codeOf = (outcome: RpcOutcome): string =>
  outcome.kind === "error"
    ? `error ${outcome.error.code}`
    : outcome.kind === "result"
      ? "result"
      : outcome.kind;

/**
 * Whether an agent behind a 0.2 card serves 0.3's own method (A2A 0.3 §7.10
 * agent/getAuthenticatedExtendedCard): the card is a claim, the wire decides. A method that does not
 * exist is asked first, so an agent that answers every unknown method the same way (a wrong code, an
 * HTTP error) is never taken for knowing the 0.3 one; only an answer that differs from that one counts.
 */
export async function servesOnly03Method(client: JsonRpcA2AClient): Promise<ProbeAnswer | undefined> {
  const control = await client.rawCall(`plainwright/no-such-method-${randomUUID()}`, {});
  const probe = await client.rawCall(ONLY_03_METHOD, {});
  const trafficIds = [control, probe].flatMap((o) =>
    o.kind === "unreachable" || !o.http.trafficId ? [] : [o.http.trafficId],
  );
  const unknown = (o: RpcOutcome) => o.kind === "error" && o.error.code === jsonRpcCodes.methodNotFound;
  const known =
    (probe.kind === "error" || probe.kind === "result") &&
    !unknown(probe) &&
    codeOf(probe) !== codeOf(control);
  if (!known) return undefined;
  return {
    generation: "0.3",
    method: ONLY_03_METHOD,
    verdict: "understood",
    detail: `${ONLY_03_METHOD}: ${describeOutcome(probe)}${where(trafficIds)}`,
    trafficIds,
  };
}
