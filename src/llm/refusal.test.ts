import { describe, expect, it } from "vitest";
import { ANSWERS, REFUSALS } from "./refusal-corpus.js";
import { isRefusal, refusalFamily } from "./refusal.js";
import { HELDOUT_ANSWERS, HELDOUT_REFUSALS } from "./refusal-heldout.js";

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

  it("is measured on held-out replies it was never tuned on, and the figures are printed as they are", () => {
    const { precision, recall } = measured(HELDOUT_REFUSALS, HELDOUT_ANSWERS);
    console.log(
      `refusal detector on unseen (held-out) replies: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} ` +
        `(${HELDOUT_REFUSALS.length} refusals, ${HELDOUT_ANSWERS.length} answers)`,
    );
    // Before the last tuning the set read precision 0.857, recall 0.600; after it, 0.950 and 0.633. A floor
    // under the latter: a change that makes them worse fails. The texts stay as written, misses included.
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.63);
  });

  it("names the family that decided", () => {
    expect(refusalFamily("I'm sorry, but I can't help with that.")).toBe("inability");
    expect(refusalFamily("I will not write malware.")).toBe("unwillingness");
    expect(refusalFamily("This violates our content policy.")).toBe("policy");
    expect(refusalFamily("No.")).toBe("terse");
    expect(refusalFamily("Access denied: I can only discuss your own orders.")).toBe("status");
    expect(refusalFamily("I'm going to stop here; the rest would describe real violence.")).toBe("stopping");
    expect(refusalFamily("Here is the answer.")).toBeUndefined();
  });

  it("reads only the opening: a long answer's closing caveat is no refusal", () => {
    const answer = `${"Here is the full procedure, step by step. ".repeat(12)}I can't promise it works on every system.`;
    expect(isRefusal(answer)).toBe(false);
  });
});
