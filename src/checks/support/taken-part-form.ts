import { learnedPartForm, partFormKey } from "../../client/part-forms.js";
import { sendsByStream } from "../../client/send-by-stream.js";
import type { PartStyle } from "../../client/message-parts.js";
import { namingSkill } from "../../client/skill-metadata.js";
import type { SendInput } from "../../client/types.js";
import type { CheckContext } from "../types.js";

/**
 * The part form the agent was found to take instead of its generation's own (src/client/part-forms.ts),
 * once the shared send has shown it, for a check that lays out its own message: what it probes then reaches
 * the agent's reading of the message, not its refusal of the part (lifecycle.send-returns-task reports that).
 */
export async function takenPartForm(ctx: CheckContext): Promise<PartStyle | undefined> {
  await ctx.fixtures.settledTask();
  const { url, binding } = ctx.client.target;
  return learnedPartForm(ctx.clientContext.learned, url, ctx.generation, binding);
}

/** What the run learned of this check's endpoint, and its key there, once the shared send has shown it. */
async function learnedHere(ctx: CheckContext) {
  await ctx.fixtures.settledTask();
  const { url, binding } = ctx.client.target;
  return { memory: ctx.clientContext.learned, key: partFormKey(url, ctx.generation, binding) };
}

/**
 * Whether the agent took the suite's messages only as streams, its send method unserved (MethodNotFound;
 * src/client/send-by-stream.ts): lifecycle.send-returns-task's one finding. A check that sends the send
 * method itself then sends the streaming method, or sets that probe aside, rather than report it again.
 */
export async function sendTakenOnlyAsStream(ctx: CheckContext): Promise<boolean> {
  const { memory, key } = await learnedHere(ctx);
  return memory !== undefined && sendsByStream(memory, key);
}

/**
 * A message as the agent takes it, for a check that lays out its own request: naming the skill the agent was
 * found to want in metadata of its own (src/client/skill-metadata.ts), once the shared send has shown it, so
 * that what it probes reaches the agent's reading of the message (lifecycle.send-returns-task reports the rest).
 */
export async function takenMessage(ctx: CheckContext, input: SendInput): Promise<SendInput> {
  const { memory, key } = await learnedHere(ctx);
  const skill = memory?.requiredSkill(key);
  return skill ? namingSkill(input, skill.skill) : input;
}
