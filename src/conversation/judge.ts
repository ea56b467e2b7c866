import { z } from "zod";
import { LlmError, type LanguageModelClient, type TokenUsage } from "../llm/types.js";
import { criterionKey, judgePrompt, judgeSystemPrompt } from "./prompts.js";
import { conversationDefaults, type ConversationSpec } from "./types.js";
import { type Evidence, type TranscriptEntry, type Verdict } from "../model/conversation.js";

// Reasoning comes before the verdict so the model argues first and decides second.
const criterionVerdictSchema = z.object(
  {
    reasoning: z.string(),
    evidence: z.array(z.object({ turn: z.number().int(), quote: z.string() })),
    verdict: z.enum(["passed", "failed", "inconclusive"]),
  },
  { error: (issue) => (issue.input === undefined ? "no verdict was given for this criterion" : undefined) },
);

export type CriterionVerdict = z.infer<typeof criterionVerdictSchema>;

/**
 * The judge's reply for `count` criteria: one required property per criterion and no other, so a reply that
 * leaves one out or numbers them its own way does not match, is asked for again once, and is then an error.
 */
export function judgeReplySchema(count: number) {
  const shape = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [criterionKey(i), criterionVerdictSchema]),
  );
  return z.object({ verdicts: z.strictObject(shape) });
}

export interface JudgeReply {
  verdicts: Record<string, CriterionVerdict>;
}

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

// A quote counts wherever it is in the transcript: a judge that counts turns differently still quoted
// real words; words that appear nowhere were made up.
function checkEvidence(e: { turn: number; quote: string }, transcript: readonly TranscriptEntry[]): Evidence {
  const quote = normal(e.quote);
  const found = quote !== "" && transcript.some((t) => normal(`${t.text} ${t.error ?? ""}`).includes(quote));
  return { turn: e.turn, quote: e.quote, found };
}

/**
 * Turns the judge's reply into one verdict per criterion. Code decides: only "passed" backed by quotes that
 * are all in the transcript is met; a quote found nowhere makes the verdict unsupported. Throws an LlmError
 * when a criterion has no verdict (a client that did not enforce the schema).
 */
export function decideVerdicts(
  criteria: readonly string[],
  reply: JudgeReply,
  transcript: readonly TranscriptEntry[],
): Verdict[] {
  return criteria.map((criterion, i) => {
    const given = reply.verdicts[criterionKey(i)];
    if (given === undefined)
      throw new LlmError("invalid-json", `the judge gave no verdict for ${criterionKey(i)}`);
    const evidence = given.evidence.map((e) => checkEvidence(e, transcript));
    const supported = evidence.every((e) => e.found);
    return {
      criterion,
      met: given.verdict === "passed" && supported,
      verdict: given.verdict,
      supported,
      reasoning: given.reasoning,
      evidence,
    };
  });
}

/**
 * Score = fraction of criteria met; passes when all are met, or when the score reaches the threshold.
 * No verdicts never pass, whatever the threshold.
 */
export function scoreOf(
  verdicts: readonly Verdict[],
  threshold?: number,
): { score: number; passed: boolean } {
  if (verdicts.length === 0) return { score: 0, passed: false };
  const met = verdicts.filter((v) => v.met).length;
  const score = met / verdicts.length;
  const all = met === verdicts.length;
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
  if (criteria.length === 0)
    throw new LlmError("config", "the judge has nothing to grade: the test gives no criteria and no goal");
  const result = await model.chat<JudgeReply>({
    system: judgeSystemPrompt,
    messages: [{ role: "user", content: judgePrompt(spec, criteria, transcript, ending) }],
    temperature: conversationDefaults.judgeTemperature,
    json: { schema: judgeReplySchema(criteria.length), name: "verdicts" },
    purpose: "judge",
  });
  try {
    return { verdicts: decideVerdicts(criteria, result.object!, transcript), usage: result.usage };
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    throw new LlmError(error.code, error.message, { usage: result.usage });
  }
}
