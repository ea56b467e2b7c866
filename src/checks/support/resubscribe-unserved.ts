import { methodName } from "../../client/methods.js";
import { notSupported } from "../define.js";
import type { AllowedAlternative, CheckContext, CheckVerdict } from "../types.js";
import { methodServing } from "./unserved-method.js";

/** What 0.x allows of tasks/resubscribe: an agent that streams need not serve it. */
export const resubscribeUnservedAllowed: AllowedAlternative = {
  behaviour: "a streaming agent that does not serve tasks/resubscribe (answers it as an unknown method)",
  clause:
    "A2A 0.3 §11.1.3: agents MAY implement tasks/resubscribe (requires capabilities.streaming: true); 0.2.5 §5.5.2 only describes streaming as covering it",
  variant: "resubscribe-unserved",
};

/**
 * The note for a 0.x agent whose refusal of a resubscription to task `id` is the answer any unknown method
 * gets (read leniently: the method is not served, a MAY), or undefined when the agent serves the method.
 */
export async function resubscribeUnserved(
  ctx: CheckContext,
  id: string,
  evidence: readonly string[],
): Promise<CheckVerdict | undefined> {
  const method = methodName(ctx.generation, "resubscribe");
  const serving = await methodServing(ctx.rpc, method, { id });
  if (!serving.unserved) return undefined;
  return notSupported(
    `${serving.detail}: the agent does not serve ${method}, which A2A 0.3 §11.1.3 leaves optional (MAY)`,
    [...evidence, ...serving.evidence],
  );
}
