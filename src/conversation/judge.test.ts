import { describe, expect, it } from "vitest";
import { decideVerdicts, judgeReplySchema, scoreOf } from "./judge.js";
import type { TranscriptEntry, Verdict } from "../model/conversation.js";

const transcript: TranscriptEntry[] = [
  { turn: 1, role: "user", text: "Refund order #4411, please.", at: "" },
  { turn: 1, role: "agent", text: "Done: the refund will reach you in 5 days.", at: "" },
];

const verdict = (met: boolean): Verdict => ({
  criterion: "c",
  met,
  verdict: met ? "passed" : "failed",
  supported: true,
  reasoning: "",
  evidence: [],
});

describe("the judge's reply schema", () => {
  it("has one required property per criterion and no other", () => {
    const schema = judgeReplySchema(2);
    const v = { reasoning: "r", evidence: [], verdict: "passed" };
    expect(schema.safeParse({ verdicts: { criterion_1: v, criterion_2: v } }).success).toBe(true);
    expect(schema.safeParse({ verdicts: { criterion_1: v } }).success).toBe(false);
    expect(schema.safeParse({ verdicts: { criterion_0: v, criterion_1: v } }).success).toBe(false);
    expect(
      schema.safeParse({ verdicts: { criterion_1: v, criterion_2: { ...v, verdict: "yes" } } }).success,
    ).toBe(false);
  });
});

describe("decideVerdicts", () => {
  it("counts a passed verdict as met only when every quote is in the transcript (in any turn)", () => {
    const [real, madeUp] = decideVerdicts(
      ["a", "b"],
      {
        verdicts: {
          criterion_1: {
            reasoning: "",
            evidence: [{ turn: 2, quote: "“the refund will reach you”" }],
            verdict: "passed",
          },
          criterion_2: { reasoning: "", evidence: [{ turn: 1, quote: "within 3 days" }], verdict: "passed" },
        },
      },
      transcript,
    );
    expect(real).toMatchObject({ met: true, supported: true });
    expect(madeUp).toMatchObject({ met: false, supported: false, evidence: [{ found: false }] });
  });

  it("throws when a criterion has no verdict rather than dropping it", () => {
    expect(() => decideVerdicts(["a", "b"], { verdicts: {} }, transcript)).toThrow(
      /no verdict for criterion_1/,
    );
  });
});

describe("scoreOf", () => {
  it("never passes without verdicts, even with a threshold of 0", () => {
    expect(scoreOf([], 0)).toEqual({ score: 0, passed: false });
    expect(scoreOf([])).toEqual({ score: 0, passed: false });
  });

  it("passes when all are met or the score reaches the threshold", () => {
    expect(scoreOf([verdict(true), verdict(true)]).passed).toBe(true);
    expect(scoreOf([verdict(true), verdict(false)]).passed).toBe(false);
    expect(scoreOf([verdict(true), verdict(false)], 0.5)).toEqual({ score: 0.5, passed: true });
  });
});
