import { randomUUID } from "node:crypto";
import type { RpcOutcome } from "./jsonrpc.js";

/** One raw JSON-RPC call: a check's `ctx.rpc`, or a client's `rawCall`. */
export type RawRpcCall = (method: string, params: unknown) => Promise<RpcOutcome>;

/** A refusal with the method's name taken out, so that two refusals naming their methods compare equal. */
function refusalShape(outcome: RpcOutcome, method: string): string | undefined {
  if (outcome.kind === "error") return `error ${outcome.error.code}`;
  if (outcome.kind === "invalid")
    return `${outcome.http.status} ${outcome.http.contentType} ${outcome.http.body.split(method).join("<method>")}`;
  return undefined;
}

/**
 * Whether an agent refused `method` exactly as it refuses a method that cannot exist (same error code, or
 * the same body that is not JSON-RPC once the names are taken out): then the method is not served, whatever
 * code the agent uses for that (JSON-RPC 2.0 §5.1 names -32601; some agents answer -32000 or a framework
 * page). Asks the made-up method only when `answer` is a refusal; its traffic entry is returned.
 */
export async function refusedAsUnknownMethod(
  call: RawRpcCall,
  method: string,
  params: unknown,
  answer: RpcOutcome,
): Promise<{ same: boolean; trafficIds: string[] }> {
  const shape = refusalShape(answer, method);
  if (shape === undefined) return { same: false, trafficIds: [] };
  const madeUp = `plainwright/no-such-method-${randomUUID()}`;
  const control = await call(madeUp, params);
  const trafficIds = control.kind !== "unreachable" && control.http.trafficId ? [control.http.trafficId] : [];
  return { same: refusalShape(control, madeUp) === shape, trafficIds };
}
