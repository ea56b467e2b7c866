import { describeOutcome, type RpcOutcome } from "../../client/jsonrpc.js";
import { jsonRpcCodes } from "../../protocol/error-codes.js";
import { refusedAsUnknownMethod } from "../../client/unknown-method.js";
import type { CheckContext } from "../types.js";

type RawRpc = NonNullable<CheckContext["rpc"]>;

/** How a JSON-RPC method was answered, read leniently: is it served at all? */
export interface MethodServing {
  /** True when the agent answers the method as it answers one that cannot exist. */
  unserved: boolean;
  /**
   * False when no answer came at all (the connection was refused, closed early or timed out): that proves
   * neither way, so a caller that must show a method served asks this too.
   */
  answered: boolean;
  /** One line: what the method got, and why it reads as unserved. */
  detail: string;
  evidence: string[];
}

const trafficOf = (outcome: RpcOutcome): string[] =>
  outcome.kind !== "unreachable" && outcome.http.trafficId ? [outcome.http.trafficId] : [];

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
  if (!rpc)
    return { unserved: false, answered: false, detail: `${method}: no raw JSON-RPC call here`, evidence: [] };
  const asked = await rpc(method, params);
  const evidence = trafficOf(asked);
  const answered = asked.kind !== "unreachable";
  const got = `${method} was answered ${describeOutcome(asked)}`;
  if (asked.kind === "error" && asked.error.code === jsonRpcCodes.methodNotFound)
    return { unserved: true, answered, detail: got, evidence };
  // A stream whose only answer is MethodNotFound (seen at first sight: every request that accepts event
  // streams answered so): the method is as unserved as when the error comes as JSON.
  if (
    asked.kind === "stream" &&
    asked.results.length === 0 &&
    asked.errors.length > 0 &&
    asked.errors.every((e) => e.code === jsonRpcCodes.methodNotFound)
  )
    return { unserved: true, answered, detail: `${got} (MethodNotFound -32601 inside it)`, evidence };
  const control = await refusedAsUnknownMethod(rpc, method, params, asked);
  evidence.push(...control.trafficIds);
  const unserved = control.same;
  return {
    unserved,
    answered,
    detail: unserved ? `${got}, the answer a method that does not exist gets` : got,
    evidence,
  };
}
