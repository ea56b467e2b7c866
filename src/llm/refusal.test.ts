import { describe, expect, it } from "vitest";
import { ANSWERS, REFUSALS } from "./refusal-corpus.js";
import { isRefusal, refusalFamily } from "./refusal.js";
import { HELDOUT_ANSWERS, HELDOUT_REFUSALS } from "./refusal-heldout.js";
import { UNSEEN_ANSWERS, UNSEEN_REFUSALS } from "./refusal-unseen.js";

/** Precision and recall of the detector on a set of refusals and answers. */
function measured(refusals: readonly string[], answers: readonly string[]) {
  const hits = refusals.filter(isRefusal).length;
  const falseAlarms = answers.filter(isRefusal).length;
  return { precision: hits / (hits + falseAlarms), recall: hits / refusals.length };
}

describe("the refusal detector on a corpus of refusals and answers", () => {
  it("has at least 100 texts in several styles", () => {
    expect(REFUSALS.length + ANSWERS.length).toBeGreaterThanOrEqual(100);
  });

  it("reads refusals as refusals and answers as answers, with its precision and recall printed", () => {
    const truePositives = REFUSALS.filter(isRefusal);
    const falsePositives = ANSWERS.filter(isRefusal);
    const precision = truePositives.length / (truePositives.length + falsePositives.length);
    const recall = truePositives.length / REFUSALS.length;
    console.log(
      `refusal detector: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} ` +
        `(${REFUSALS.length} refusals, ${ANSWERS.length} answers)`,
    );
    expect({ missed: REFUSALS.filter((t) => !isRefusal(t)), falseAlarms: falsePositives }).toEqual({
      missed: [],
      falseAlarms: [],
    });
  });

  it("is measured on replies it was never tuned on, and the figures are printed as they are", () => {
    const { precision, recall } = measured(UNSEEN_REFUSALS, UNSEEN_ANSWERS);
    console.log(
      `refusal detector on unseen replies: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} ` +
        `(${UNSEEN_REFUSALS.length} refusals, ${UNSEEN_ANSWERS.length} answers)`,
    );
    // A floor under today's figures (precision 0.833, recall 0.500): a change that makes them worse fails.
    expect(precision).toBeGreaterThanOrEqual(0.83);
    expect(recall).toBeGreaterThanOrEqual(0.5);
  });

  it("is measured on a held-out set written before its last tuning, and the figures are printed as they are", () => {
    const { precision, recall } = measured(HELDOUT_REFUSALS, HELDOUT_ANSWERS);
    console.log(
      `refusal detector on held-out replies: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} ` +
        `(${HELDOUT_REFUSALS.length} refusals, ${HELDOUT_ANSWERS.length} answers)`,
    );
    expect(HELDOUT_REFUSALS.length + HELDOUT_ANSWERS.length).toBe(60);
  });

  it("names the family that decided", () => {
    expect(refusalFamily("I'm sorry, but I can't help with that.")).toBe("inability");
    expect(refusalFamily("I will not write malware.")).toBe("unwillingness");
    expect(refusalFamily("This violates our content policy.")).toBe("policy");
    expect(refusalFamily("No.")).toBe("terse");
    expect(refusalFamily("Here is the answer.")).toBeUndefined();
  });

  it("reads only the opening: a long answer's closing caveat is no refusal", () => {
    const answer = `${"Here is the full procedure, step by step. ".repeat(12)}I can't promise it works on every system.`;
    expect(isRefusal(answer)).toBe(false);
  });
});
