import { describe, expect, it } from "vitest";
import { passHatK, runBounded, trialStats, wilsonInterval } from "./trials.js";

const outcomes = (passed: number, failed: number, errors = 0) => [
  ...Array.from({ length: passed }, () => ({ status: "passed" as const })),
  ...Array.from({ length: failed }, () => ({ status: "failed" as const })),
  ...Array.from({ length: errors }, () => ({ status: "error" as const })),
];

describe("wilsonInterval", () => {
  it.each([
    [2, 3, 0.2077, 0.9385],
    [5, 10, 0.2366, 0.7634],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [1, 1, 0.2065, 1],
  ])("gives the 95%% interval for %i of %i", (k, n, lo, hi) => {
    const [a, b] = wilsonInterval(k, n);
    expect(a).toBeCloseTo(lo, 4);
    expect(b).toBeCloseTo(hi, 4);
  });

  it("is [0, 0] for no trials", () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 0]);
  });
});

describe("passHatK", () => {
  it("is C(c,k)/C(n,k): the chance that k trials drawn from the n all passed", () => {
    expect(passHatK(2, 3, 1)).toBeCloseTo(2 / 3);
    expect(passHatK(2, 3, 2)).toBeCloseTo(1 / 3);
    expect(passHatK(2, 3, 3)).toBe(0);
    expect(passHatK(8, 10, 5)).toBeCloseTo(56 / 252);
    expect(passHatK(10, 10, 10)).toBe(1);
  });
});

describe("trialStats", () => {
  it("reports the pass rate, interval, pass^k and the flaky flag", () => {
    expect(trialStats(outcomes(2, 1), 1)).toEqual({
      count: 3,
      passed: 2,
      errors: 0,
      pass_rate: 0.6667,
      wilson_95: [0.2077, 0.9385],
      pass_hat_k: { "1": 0.6667, "2": 0.3333, "3": 0 },
      flaky: true,
      min_pass_rate: 1,
      met_minimum: false,
    });
  });

  it("is not flaky when all or none pass, and counts an error as not passed", () => {
    expect(trialStats(outcomes(3, 0), 1)).toMatchObject({ flaky: false, met_minimum: true });
    expect(trialStats(outcomes(0, 3), 0)).toMatchObject({ flaky: false, met_minimum: true });
    expect(trialStats(outcomes(2, 0, 1), 0.6)).toMatchObject({
      passed: 2,
      errors: 1,
      flaky: true,
      met_minimum: true,
    });
  });

  it("lists the usual milestones of k for many trials", () => {
    expect(Object.keys(trialStats(outcomes(40, 0), 1).pass_hat_k)).toEqual([
      "1",
      "2",
      "3",
      "5",
      "10",
      "20",
      "40",
    ]);
  });
});

describe("runBounded", () => {
  it("never runs more than the limit at once and keeps the order", async () => {
    let running = 0;
    let peak = 0;
    const results = await runBounded(7, 3, async (i) => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, 5 + ((i * 7) % 4)));
      running--;
      return i * 10;
    });
    expect(peak).toBe(3);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });
});
