import { describe, expect, it } from "vitest";
import { conformanceRun } from "../report/testing/fixtures.js";
import { compareWithBaseline, matchingBaseline, verdictItems } from "./baseline.js";
import type { Finding } from "./finding.js";
import type { RunResult } from "./result.js";

/** The conformance fixture with some findings' statuses changed. */
function withStatuses(
  run: RunResult,
  statuses: Record<string, Finding["status"]>,
  extra: Partial<RunResult> = {},
): RunResult {
  return {
    ...run,
    ...extra,
    findings: (run.findings ?? []).map((f) => (f.id in statuses ? { ...f, status: statuses[f.id]! } : f)),
  };
}

const newerCard = (run: RunResult): RunResult => ({ ...run, card: { ...run.card!, version: "2.0.0" } });

describe("compareWithBaseline", () => {
  it("sorts each verdict into new failures, fixed and still failing", () => {
    const before = conformanceRun;
    const after = newerCard(
      withStatuses(conformanceRun, { "card.public": "fail", "streaming.final-event": "pass" }),
    );
    const c = compareWithBaseline(after, before, "old.json");
    expect(c.new_failures.map((x) => x.id)).toEqual(["card.public"]);
    expect(c.new_failures[0]).toMatchObject({ before: "pass", after: "fail", level: "MUST" });
    expect(c.fixed.map((x) => x.id)).toEqual(["streaming.final-event"]);
    expect(c.still_failing.map((x) => x.id).sort()).toEqual([
      "errors.parse-error",
      "errors.unknown-method",
      "lifecycle.cancel.terminal-task-errors",
    ]);
    expect(c.card_changed).toBe(true);
    // The card changed: the flips are the agent's change, not flakiness.
    expect(c.flaky).toEqual([]);
  });

  it("calls a flip flaky when the agent's card did not change, and still counts it as new or fixed", () => {
    const after = withStatuses(conformanceRun, { "card.public": "fail", "streaming.final-event": "pass" });
    const c = compareWithBaseline(after, conformanceRun, "last");
    expect(c.card_changed).toBe(false);
    expect(c.flaky.map((x) => x.id).sort()).toEqual(["card.public", "streaming.final-event"]);
    expect(c.new_failures.map((x) => x.id)).toEqual(["card.public"]);
    expect(c.fixed.map((x) => x.id)).toEqual(["streaming.final-event"]);
  });

  it("keys a check by its binding, so the same check failing on another binding is new", () => {
    const before: RunResult = {
      ...conformanceRun,
      findings: [{ ...conformanceRun.findings![3]!, transport: "JSONRPC" }],
    };
    const after: RunResult = {
      ...conformanceRun,
      findings: [
        { ...conformanceRun.findings![3]!, transport: "JSONRPC" },
        { ...conformanceRun.findings![3]!, transport: "HTTP+JSON" },
      ],
    };
    const c = compareWithBaseline(after, before, "x");
    expect(c.still_failing.map((x) => x.id)).toEqual(["lifecycle.cancel.terminal-task-errors@JSONRPC"]);
    expect(c.new_failures).toMatchObject([{ id: "lifecycle.cancel.terminal-task-errors@HTTP+JSON" }]);
    expect(c.new_failures[0]?.before).toBeUndefined();
  });

  it("gives the level and the scores that moved", () => {
    const after = {
      ...conformanceRun,
      conformance_level: "minimal" as const,
      scores: { card: 1 as const, conformance: 0.5 },
    };
    const c = compareWithBaseline(after, conformanceRun, "x");
    expect(c.level).toEqual({ before: "partial", after: "minimal" });
    expect(c.scores.find((s) => s.name === "conformance")).toMatchObject({ before: 0.7, after: 0.5 });
    expect(c.scores.find((s) => s.name === "conformance")!.delta).toBeCloseTo(-0.2);
  });

  it("leaves out what the spec leaves open: a MAY the agent does not support is no verdict", () => {
    const run: RunResult = {
      ...conformanceRun,
      findings: [{ ...conformanceRun.findings![0]!, status: "skip", not_supported: true }],
    };
    expect(verdictItems(run).filter((i) => i.id.startsWith("card.required"))).toEqual([]);
  });
});

describe("matchingBaseline", () => {
  it("finds the same test by file and name, else by kind and agent", () => {
    const a = { ...conformanceRun, name: "A", source: "tests/a.json" };
    const b = { ...conformanceRun, name: "B", source: "tests/b.json" };
    expect(matchingBaseline({ ...a, status: "passed" }, [b, a])).toBe(a);
    const flags = { ...conformanceRun, name: undefined, source: undefined };
    expect(matchingBaseline(flags, [a, flags])).toBe(flags);
    expect(matchingBaseline({ ...flags, agent_url: "http://elsewhere" }, [flags])).toBeUndefined();
  });
});
