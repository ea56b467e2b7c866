import { randomUUID } from "node:crypto";
import { describeOutcome, type RpcOutcome } from "../../client/jsonrpc.js";
import { jsonRpcCodes } from "../../protocol/error-codes.js";
import type { CheckContext } from "../types.js";

type RawRpc = NonNullable<CheckContext["rpc"]>;

/** How a JSON-RPC method was answered, read leniently: is it served at all? */
export interface MethodServing {
  /** True when the agent answers the method as it answers one that cannot exist. */
  unserved: boolean;
  /** One line: what the method got, and why it reads as unserved. */
  detail: string;
  evidence: string[];
}

const trafficOf = (outcome: RpcOutcome): string[] =>
  outcome.kind !== "unreachable" && outcome.http.trafficId ? [outcome.http.trafficId] : [];

/** A reply with the method's name taken out, so that two refusals naming their methods compare equal. */
function refusalShape(outcome: RpcOutcome, method: string): string | undefined {
  if (outcome.kind === "error") return `error ${outcome.error.code}`;
  if (outcome.kind === "invalid")
    return `${outcome.http.status} ${outcome.http.contentType} ${outcome.http.body.split(method).join("<method>")}`;
  return undefined;
}

/**
 * Whether the agent serves a JSON-RPC method: -32601 says it does not (JSON-RPC 2.0 §5.1); so does the same
 * answer a method that cannot exist gets, whatever its form (an agent that answers every unknown method
 * with another code, or with a body that is not JSON-RPC, has that defect reported once, by
 * errors.unknown-method). Only over JSON-RPC; elsewhere the method is taken as served.
 */
export async function methodServing(
  rpc: RawRpc | undefined,
  method: string,
  params: unknown,
): Promise<MethodServing> {
  if (!rpc) return { unserved: false, detail: `${method}: no raw JSON-RPC call here`, evidence: [] };
  const asked = await rpc(method, params);
  const evidence = trafficOf(asked);
  const got = `${method} was answered ${describeOutcome(asked)}`;
  if (asked.kind === "error" && asked.error.code === jsonRpcCodes.methodNotFound)
    return { unserved: true, detail: got, evidence };
  const shape = refusalShape(asked, method);
  if (shape === undefined) return { unserved: false, detail: got, evidence };
  const madeUp = `plainwright/no-such-method-${randomUUID()}`;
  const control = await rpc(madeUp, params);
  evidence.push(...trafficOf(control));
  const unserved = refusalShape(control, madeUp) === shape;
  return {
    unserved,
    detail: unserved ? `${got}, as a method that does not exist is answered` : got,
    evidence,
  };
}
