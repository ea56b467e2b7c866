import { describe, expect, it } from "vitest";
import { thresholdUnit } from "../view/load-text.js";
import { type LoadSection } from "../model/load.js";
import { evaluateThresholds, parseThreshold, parseThresholds, thresholdMetrics } from "./thresholds.js";

describe("parseThreshold", () => {
  it.each([
    ["p99 < 2s", "p99", "<", 2000],
    ["p50<=150ms", "p50", "<=", 150],
    ["max < 1m", "max", "<", 60_000],
    ["P90 < 0.5s", "p90", "<", 500],
    ["errors < 1%", "errors", "<", 0.01],
    ["errors <= 0.05", "errors", "<=", 0.05],
    ["rps >= 50", "rps", ">=", 50],
    ["rps > 12.5/s", "rps", ">", 12.5],
    ["first_event.p99 < 300ms", "first_event.p99", "<", 300],
    ["terminal.p50 < 1s", "terminal.p50", "<", 1000],
    ["drift.p99 < 1.5", "drift.p99", "<", 1.5],
  ])("reads %j", (expression, metric, op, limit) => {
    expect(parseThreshold(expression)).toMatchObject({ metric, op, limit });
  });

  it.each([
    ["p99 2s", /is not "<metric> <op> <number><unit>"/],
    ["p98 < 2s", /unknown metric "p98"; known: p50, p90, p99/],
    ["p99 < 2", /p99 is a time; give a unit: ms, s or m/],
    ["p99 < 2h", /p99 is a time/],
    ["errors < 5", /a fraction from 0 to 1/],
    ["errors < 150%", /a percentage must be from 0 to 100/],
    ["rps > 5ms", /rps is requests per second/],
    ["drift.p99 < 2s", /drift.p99 is a ratio without unit/],
  ])("refuses %j with a clear message", (expression, message) => {
    expect(() => parseThreshold(expression)).toThrow(message);
    expect(() => parseThreshold(expression)).toThrow(expression);
  });

  it("lists every bad threshold at once", () => {
    expect(() => parseThresholds(["p99 < 2s", "p98 < 1s", "errors < x"])).toThrow(
      /p98.*; threshold "errors < x"/,
    );
  });
});

function loadWith(over: Partial<LoadSection>): LoadSection {
  const latency = { count: 100, min_ms: 1, mean_ms: 40, p50_ms: 30, p90_ms: 80, p99_ms: 1500, max_ms: 2500 };
  return {
    latency,
    errors: { total: 2, rate: 0.02, by_kind: {} as LoadSection["errors"]["by_kind"], top: [] },
    throughput_per_s: 42,
    ...over,
  } as LoadSection;
}

describe("evaluateThresholds", () => {
  it("passes and fails each threshold on the run's figures", () => {
    const outcomes = evaluateThresholds(
      parseThresholds(["p99 < 2s", "max < 2s", "errors < 1%", "errors < 5%", "rps >= 40"]),
      loadWith({}),
    );
    expect(outcomes.map((o) => [o.expression, o.actual, o.passed])).toEqual([
      ["p99 < 2s", 1500, true],
      ["max < 2s", 2500, false],
      ["errors < 1%", 0.02, false],
      ["errors < 5%", 0.02, true],
      ["rps >= 40", 42, true],
    ]);
  });

  it("fails a threshold on a figure the run does not have, rather than passing it unseen", () => {
    const [outcome] = evaluateThresholds(parseThresholds(["first_event.p99 < 1s"]), loadWith({}));
    expect(outcome).toMatchObject({ actual: null, passed: false });
    const [drift] = evaluateThresholds(parseThresholds(["drift.p99 < 2"]), loadWith({}));
    expect(drift?.passed).toBe(false);
  });
});

describe("thresholdUnit", () => {
  it("words every metric in the unit its threshold is parsed in", () => {
    const wording = { time: "time", ratio: "ratio", rate: "number", factor: "number" } as const;
    for (const [name, metric] of Object.entries(thresholdMetrics))
      expect([name, thresholdUnit(name)]).toEqual([name, wording[metric.unit]]);
  });
});
