import { z } from "zod";
import { addUsage, LlmError, type LanguageModelClient, type TokenUsage } from "../llm/types.js";
import { userSystemPrompt, userTurnPrompt } from "./prompts.js";
import { conversationDefaults, type ConversationSpec } from "./types.js";
import { type TranscriptEntry } from "../model/conversation.js";

export const userReplySchema = z.object({
  message: z.string(),
  done: z.boolean(),
  reason: z.string(),
});

export type UserReply = z.infer<typeof userReplySchema>;

/** The simulated user's next move: a message, or the end of the conversation. */
export interface UserMove {
  message: string;
  done: boolean;
  reason: string;
  usage: TokenUsage;
}

const normal = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

function agentWaiting(transcript: readonly TranscriptEntry[]): boolean {
  const last = transcript.at(-1);
  return last?.task_state === "input-required" || last?.task_state === "auth-required";
}

/** What is wrong with a reply, as a note for one more try; undefined when it is fine. */
function problemWith(reply: UserReply, spec: ConversationSpec, transcript: readonly TranscriptEntry[]) {
  if (reply.done) {
    // Done before a word was sent: there is no conversation to grade (run-conversation.ts makes it an error).
    if (spec.opening === undefined && !transcript.some((e) => e.role === "user"))
      return "you have not sent any message yet. Write your first message to the agent.";
    return agentWaiting(transcript)
      ? "the agent asked you something. Answer it, unless your goal is clearly impossible."
      : undefined;
  }
  if (reply.message.trim() === "") return "your message was empty. Write your next message.";
  const sent = transcript.filter((e) => e.role === "user").map((e) => normal(e.text));
  if (spec.opening !== undefined) sent.push(normal(spec.opening));
  if (sent.includes(normal(reply.message)))
    return "you already sent that message. Write something new that moves toward your goal.";
  return undefined;
}

/**
 * Asks the user model for its next move (temperature about 0.7). An empty, repeated or premature
 * "done" reply is asked again once; an empty reply twice is an error naming the call.
 */
export async function nextUserMove(
  model: LanguageModelClient,
  spec: ConversationSpec,
  transcript: readonly TranscriptEntry[],
  turn: number,
): Promise<UserMove> {
  const system = userSystemPrompt(spec);
  const ask = (notes: string[]) =>
    model.chat({
      system,
      messages: [{ role: "user", content: userTurnPrompt(transcript, turn, spec.maxTurns, notes) }],
      temperature: conversationDefaults.userTemperature,
      json: { schema: userReplySchema, name: "user_turn" },
      purpose: "simulated user",
    });
  let result = await ask([]);
  let usage = result.usage;
  let reply = result.object!;
  const problem = problemWith(reply, spec, transcript);
  if (problem !== undefined) {
    result = await ask([problem]);
    usage = addUsage(usage, result.usage);
    reply = result.object!;
  }
  if (!reply.done && reply.message.trim() === "") {
    throw new LlmError("empty", `the simulated user call to ${model.id} returned an empty message twice`, {
      usage,
    });
  }
  if (!reply.done && problemWith(reply, spec, transcript) !== undefined) {
    // Still repeating itself: the conversation has nowhere left to go.
    return { message: "", done: true, reason: "the simulated user had nothing new to say", usage };
  }
  return { message: reply.message.trim(), done: reply.done, reason: reply.reason, usage };
}
