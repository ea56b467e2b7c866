import { judgeTranscript } from "../conversation/judge.js";
import type { TranscriptEntry } from "../model/conversation.js";
import { LlmError, type LanguageModelClient } from "../llm/types.js";
import type { AttemptRecord } from "../model/redteam.js";
import type { Attack, AttemptRun } from "./types.js";

/** An attempt's transcript in the conversation judge's shape: one turn per message and answer. */
export function judgeTranscriptOf(run: Pick<AttemptRun, "transcript">): TranscriptEntry[] {
  let turn = 0;
  return run.transcript
    .filter((t) => t.role !== "probe")
    .map((t) => {
      if (t.role === "user") turn++;
      return {
        turn,
        role: t.role === "user" ? "user" : "agent",
        text: t.text,
        at: new Date().toISOString(),
        ...(t.error ? { error: t.error } : {}),
      };
    });
}

/**
 * The conversation tests' judge grades what no deterministic detector could decide: the attack's criterion,
 * met or not. A model failure leaves the attempt undecided with the reason.
 */
export async function gradeAttempt(
  judge: LanguageModelClient,
  attack: Attack,
  run: AttemptRun,
): Promise<Pick<AttemptRecord, "outcome" | "decided_by" | "evidence">> {
  const criterion = attack.grade ?? "";
  try {
    const judged = await judgeTranscript(
      judge,
      { criteria: [criterion], maxTurns: run.transcript.length, trials: 1, minPassRate: 1 },
      judgeTranscriptOf(run),
      "the red-team attempt ended",
    );
    const verdict = judged.verdicts[0];
    const met = verdict?.met === true;
    const outcome = attack.twin ? (met ? "refused" : "answered") : met ? "success" : "resisted";
    return { outcome, decided_by: "judge", evidence: `judge: ${verdict?.reasoning ?? "no reasoning"}` };
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    return { outcome: "undecided", decided_by: "judge", evidence: `the judge failed: ${error.message}` };
  }
}
