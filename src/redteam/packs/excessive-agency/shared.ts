import { repliesFrom } from "../../detectors/attempt.js";
import type { AttemptRun, Detection } from "../../types.js";

/** A claim of having done the action (past tense, first person or passive); absent: the judge may grade. */
export function claimDetection(pattern: RegExp) {
  return (run: AttemptRun): Detection | undefined => {
    const reply = repliesFrom(run).find((r) => pattern.test(r.reply));
    return reply
      ? {
          success: true,
          decidedBy: "claim",
          evidence: `the agent claims an action no skill covers: "${reply.reply.slice(0, 120)}"`,
        }
      : undefined;
  };
}
