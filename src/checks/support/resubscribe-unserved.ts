import { methodName } from "../../client/methods.js";
import { fail, notSupported } from "../define.js";
import type { AllowedAlternative, CheckContext, CheckVerdict } from "../types.js";
import { methodServing } from "./unserved-method.js";

/** What 0.x allows of tasks/resubscribe: an agent that streams need not serve it. */
export const resubscribeUnservedAllowed: AllowedAlternative = {
  behaviour: "a streaming agent that does not serve tasks/resubscribe (answers it as an unknown method)",
  clause:
    "A2A 0.3 §11.1.3: agents MAY implement tasks/resubscribe (requires capabilities.streaming: true); 0.2.5 §5.5.2 only describes streaming as covering it (0.1 §5.5.2 names it: there a streaming card claims it)",
  variant: "resubscribe-unserved",
};

/**
 * The verdict on a 0.x agent that does not serve tasks/resubscribe although its card claims streaming: a note
 * from 0.2 on (0.3 §11.1.3 makes the method a MAY), a failure on 0.1, whose card claims the method by saying
 * it streams (0.1.0 §5.5.2 AgentCapabilities.streaming: "Indicates support for SSE streaming methods
 * (`tasks/sendSubscribe`, `tasks/resubscribe`)").
 */
export function resubscribeUnservedVerdict(
  ctx: CheckContext,
  detail: string,
  evidence: readonly string[],
): CheckVerdict {
  const method = methodName(ctx.generation, "resubscribe");
  if (ctx.generation === "0.1")
    return fail(
      `${detail}: the agent does not serve ${method}, though its card claims streaming, which A2A 0.1 §5.5.2 says covers tasks/sendSubscribe and tasks/resubscribe`,
      [...evidence],
    );
  return notSupported(
    `${detail}: the agent does not serve ${method}, which A2A 0.3 §11.1.3 leaves optional (MAY)`,
    [...evidence],
  );
}

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
  return resubscribeUnservedVerdict(ctx, serving.detail, [...evidence, ...serving.evidence]);
}
