import { describe, expect, it } from "vitest";
import { ANSWERS, REFUSALS } from "./refusal-corpus.js";
import { isRefusal, refusalFamily } from "./refusal.js";

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
