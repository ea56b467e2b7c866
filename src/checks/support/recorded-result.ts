import type { CheckContext } from "../types.js";

/**
 * The JSON-RPC `result` the recorded exchange `trafficId` carried, when its body was a readable JSON-RPC
 * response: what the agent sent, before the client read it leniently.
 */
export function recordedResult(ctx: CheckContext, trafficId: string | undefined): unknown {
  const body =
    trafficId === undefined
      ? undefined
      : ctx.clientContext.traffic.entries().find((e) => e.id === trafficId)?.response_body;
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null && "result" in parsed ? parsed.result : undefined;
  } catch {
    return undefined;
  }
}
