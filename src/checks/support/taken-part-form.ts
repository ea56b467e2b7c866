import { learnedPartForm } from "../../client/part-forms.js";
import type { PartStyle } from "../../client/message-parts.js";
import type { CheckContext } from "../types.js";

/**
 * The part form the agent was found to take instead of its generation's own (src/client/part-forms.ts),
 * once the shared send has shown it, for a check that lays out its own message: what it probes then reaches
 * the agent's reading of the message, not its refusal of the part (lifecycle.send-returns-task reports that).
 */
export async function takenPartForm(ctx: CheckContext): Promise<PartStyle | undefined> {
  await ctx.fixtures.settledTask();
  const { url, binding } = ctx.client.target;
  return learnedPartForm(ctx.clientContext.partForms, url, ctx.generation, binding);
}
