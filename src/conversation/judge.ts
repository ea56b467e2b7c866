import { z } from "zod";
import type { LanguageModelClient, TokenUsage } from "../llm/types.js";
import { judgePrompt, judgeSystemPrompt } from "./prompts.js";
import {
  conversationDefaults,
  type ConversationSpec,
  type Evidence,
  type TranscriptEntry,
  type Verdict,
} from "./types.js";

// Reasoning comes before the verdict so the model argues first and decides second.
export const judgeReplySchema = z.object({
  verdicts: z.array(
    z.object({
      criterion: z.number().int(),
      reasoning: z.string(),
      evidence: z.array(z.object({ turn: z.number().int(), quote: z.string() })),
      verdict: z.enum(["passed", "failed", "inconclusive"]),
    }),
  ),
});

export type JudgeReply = z.infer<typeof judgeReplySchema>;

/** The criteria the judge grades: the test's, or the goal when there are none. */
export function criteriaOf(spec: ConversationSpec): string[] {
  if (spec.criteria.length > 0) return spec.criteria;
  return spec.goal ? [`The user's goal is achieved: ${spec.goal}`] : [];
}

const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\u2018\u2019\u201c\u201d"'`]/g, "")
    .replace(/[.…]+$/, "")
    .replace(/\s+/g, " ")
    .trim();

function checkEvidence(e: { turn: number; quote: string }, transcript: readonly TranscriptEntry[]): Evidence {
  const quote = normal(e.quote);
  const found =
    quote !== "" &&
    transcript.some((t) => t.turn === e.turn && normal(`${t.text} ${t.error ?? ""}`).includes(quote));
  return { turn: e.turn, quote: e.quote, found };
}

/**
 * Turns the judge's reply into one verdict per criterion. Code decides: a criterion the judge left out
 * or called inconclusive is not met.
 */
export function decideVerdicts(
  criteria: readonly string[],
  reply: JudgeReply,
  transcript: readonly TranscriptEntry[],
): Verdict[] {
  return criteria.map((criterion, i) => {
    const given = reply.verdicts.find((v) => v.criterion === i + 1);
    if (given === undefined) {
      return {
        criterion,
        met: false,
        verdict: "missing",
        reasoning: "the judge gave no verdict",
        evidence: [],
      };
    }
    return {
      criterion,
      met: given.verdict === "passed",
      verdict: given.verdict,
      reasoning: given.reasoning,
      evidence: given.evidence.map((e) => checkEvidence(e, transcript)),
    };
  });
}

/** Score = fraction of criteria met; passes when all are met, or when the score reaches the threshold. */
export function scoreOf(
  verdicts: readonly Verdict[],
  threshold?: number,
): { score: number; passed: boolean } {
  const met = verdicts.filter((v) => v.met).length;
  const score = verdicts.length === 0 ? 0 : met / verdicts.length;
  const all = verdicts.length > 0 && met === verdicts.length;
  return { score, passed: all || (threshold !== undefined && score + 1e-9 >= threshold) };
}

/** Asks the judge (temperature 0) for a verdict per criterion. Throws an LlmError when the call fails. */
export async function judgeTranscript(
  model: LanguageModelClient,
  spec: ConversationSpec,
  transcript: readonly TranscriptEntry[],
  ending: string,
): Promise<{ verdicts: Verdict[]; usage: TokenUsage }> {
  const criteria = criteriaOf(spec);
  const result = await model.chat({
    system: judgeSystemPrompt,
    messages: [{ role: "user", content: judgePrompt(spec, criteria, transcript, ending) }],
    temperature: conversationDefaults.judgeTemperature,
    json: { schema: judgeReplySchema, name: "verdicts" },
    purpose: "judge",
  });
  return { verdicts: decideVerdicts(criteria, result.object!, transcript), usage: result.usage };
}
