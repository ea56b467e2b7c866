import type { ConversationSpec } from "./types.js";
import type { TranscriptEntry } from "../model/conversation.js";

/** The key the judge files criterion `index` (0-based) under: criterion_1, criterion_2, … */
export const criterionKey = (index: number) => `criterion_${index + 1}`;

// The first words of each system prompt are stable: the scripted test model tells the roles apart by them.

/** The simulated user's instructions: persona, goal, and how to behave. */
export function userSystemPrompt(spec: ConversationSpec): string {
  return [
    "You are role-playing a user who is talking to an AI agent, to test that agent. Stay in character;",
    "never mention that you are an AI, a simulation or a test.",
    "",
    `Persona: ${spec.persona ?? "An ordinary customer of the agent's service."}`,
    `Your goal: ${spec.goal ?? "Get the help described by the success criteria below."}`,
    ...(spec.criteria.length > 0
      ? ["What a good outcome looks like:", ...spec.criteria.map((c) => `- ${c}`)]
      : []),
    "",
    "Rules:",
    "- Write short, natural messages (one to three sentences), the way this person would type them.",
    "- Answer the agent's questions, including requests for details or confirmation, with plausible details",
    "  that fit the persona. Confirming or answering a question does not end the conversation.",
    "- Never repeat a message you already sent, and never send your first message again.",
    "- Set done to true only when your goal is reached (the agent clearly did or confirmed what you wanted)",
    "  or clearly cannot be reached (the agent refused or said it cannot help). When done is true, message",
    "  may be empty.",
    "- reason: one short sentence saying why you continue or stop.",
    'Reply with only a JSON object: {"message": string, "done": boolean, "reason": string}.',
  ].join("\n");
}

function entryLine(e: TranscriptEntry, user: string): string {
  const who = e.role === "user" ? user : "agent";
  if (e.role === "agent" && e.error) return `Turn ${e.turn}, ${who}: (no reply: ${e.error})`;
  const state = e.task_state && e.task_state !== "completed" ? ` [task ${e.task_state}]` : "";
  return `Turn ${e.turn}, ${who}${state}: ${JSON.stringify(e.text)}`;
}

/** The transcript as numbered lines; `user` names the user's side ("you" for the simulated user). */
export function renderTranscript(transcript: readonly TranscriptEntry[], user = "user"): string {
  if (transcript.length === 0) return "(no messages)";
  return transcript.map((e) => entryLine(e, user)).join("\n");
}

/** The simulated user's prompt for one turn. */
export function userTurnPrompt(
  transcript: readonly TranscriptEntry[],
  turn: number,
  maxTurns: number,
  notes: readonly string[],
): string {
  const last = transcript.at(-1);
  const waiting =
    last?.role === "agent" && (last.task_state === "input-required" || last.task_state === "auth-required");
  return [
    transcript.length === 0
      ? "The conversation has not started yet."
      : `Conversation so far:\n${renderTranscript(transcript, "you")}`,
    "",
    `Write your message for turn ${turn} of at most ${maxTurns}.`,
    ...(waiting ? ["The agent is waiting for your answer to its question."] : []),
    ...notes.map((n) => `Note: ${n}`),
  ].join("\n");
}

export const judgeSystemPrompt = [
  "You are the judge of a conversation between a user and an AI agent. For each success criterion, decide",
  "whether the transcript shows that it was met.",
  "",
  "- Judge only what the transcript shows. What the agent says counts as said, nothing more.",
  "- For each criterion, write your reasoning first; then cite the evidence as the turn number and the exact",
  "  words quoted from the transcript; then give the verdict.",
  '- verdict "passed": the transcript clearly shows the criterion met. "failed": it clearly shows it was not',
  '  met, or the conversation ended without it. "inconclusive": the transcript cannot tell.',
  "- Quote only words that appear in the transcript; a quote that is not there makes the verdict unsupported.",
  "- Give exactly one verdict per criterion, under the criterion's key (criterion_1, criterion_2, ...).",
  'Reply with only a JSON object: {"verdicts": {"criterion_1": {"reasoning": string,',
  '"evidence": [{"turn": number, "quote": string}], "verdict": "passed" | "failed" | "inconclusive"}, ...}}.',
].join("\n");

/** The judge's prompt: context, the criteria under their keys, the transcript, and how it ended. */
export function judgePrompt(
  spec: ConversationSpec,
  criteria: readonly string[],
  transcript: readonly TranscriptEntry[],
  ending: string,
): string {
  return [
    ...(spec.persona ? [`The user's persona: ${spec.persona}`] : []),
    ...(spec.goal ? [`The user's goal: ${spec.goal}`] : []),
    "",
    "Success criteria:",
    ...criteria.map((c, i) => `${criterionKey(i)}: ${c}`),
    "",
    "Transcript:",
    renderTranscript(transcript),
    "",
    `How the conversation ended: ${ending}`,
  ].join("\n");
}
