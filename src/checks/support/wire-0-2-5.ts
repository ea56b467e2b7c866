import { randomUUID } from "node:crypto";
import type { CheckContext } from "../types.js";
import { methodServing } from "./unserved-method.js";

/** The push config methods A2A 0.2.5 added (0.2.4 has only set and get). */
const ADDED_IN_0_2_5 = ["tasks/pushNotificationConfig/list", "tasks/pushNotificationConfig/delete"] as const;

/**
 * Whether a 0.2 agent whose card names no version shows 0.2.5 or later on the wire: it serves a method only
 * 0.2.5 has (the card without protocolVersion reads as 0.2.0 to 0.2.4 otherwise). The method that showed it,
 * or undefined. Asked once per binding, over JSON-RPC only; a served method is one answered otherwise than a
 * method that cannot exist (seen at first sight: a versionless card before an agent serving delete).
 */
export function servedFrom0_2_5(
  ctx: CheckContext,
): Promise<{ method: string; evidence: string[] } | undefined> {
  return ctx.fixtures.once("served-from-0.2.5", async () => {
    if (ctx.generation !== "0.2" || !ctx.rpc) return undefined;
    const evidence: string[] = [];
    for (const method of ADDED_IN_0_2_5) {
      const params = { id: `plainwright-missing-${randomUUID()}`, pushNotificationConfigId: "plainwright" };
      const serving = await methodServing(ctx.rpc, method, params);
      evidence.push(...serving.evidence);
      // A method cut off before it answered (seen at first sight: an agent that had just crashed) shows nothing.
      if (!serving.unserved && serving.answered) return { method, evidence };
    }
    return undefined;
  });
}
