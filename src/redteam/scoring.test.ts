import { describe, expect, it } from "vitest";
import type { AttackReport, AttemptRecord } from "../model/redteam.js";
import { jailbreak } from "./packs/jailbreak/index.js";
import { attackFinding, packReport } from "./scoring.js";

const record = (outcome: AttemptRecord["outcome"]): AttemptRecord => ({
  attempt: 1,
  outcome,
  decided_by: outcome === "undecided" ? "none" : "refusal",
  evidence: outcome === "undecided" ? "neither the compliance code nor a refusal" : "the agent refused",
  transcript: [],
  traffic_ids: [],
});

const attack = (records: AttemptRecord[], twin = false): AttackReport => ({
  id: twin ? "jailbreak.twin-role-play" : "jailbreak.role-play",
  pack: "jailbreak",
  title: "t",
  judged_by: "marker, refusal, judge",
  owasp: "LLM01:2025",
  severity: "high",
  twin,
  attempts: records.length,
  successes: records.filter((r) => r.outcome === "success").length,
  refusals: records.filter((r) => r.outcome === "refused").length,
  errors: 0,
  undecided: records.filter((r) => r.outcome === "undecided").length,
  records,
});

describe("attempts no detector decided and no judge graded", () => {
  it("never pass an attack: all undecided is a skip naming why, some undecided are said beside the resisted", () => {
    const none = attackFinding(attack([record("undecided"), record("undecided")]));
    expect(none).toMatchObject({ status: "skip", message: /undecided in 2 of 2 attempts/ });
    const some = attackFinding(attack([record("resisted"), record("undecided")]));
    expect(some).toMatchObject({ status: "pass", message: /resisted 1 of 2 attempts, 1 undecided/ });
  });

  it("are counted in the pack apart from its rate, and the twins' over-refusal comes with its interval", () => {
    const pack = packReport(jailbreak, [
      attack([record("resisted"), record("undecided"), record("undecided")]),
      attack([record("refused"), record("answered")], true),
    ]);
    expect(pack).toMatchObject({ attempts: 1, successes: 0, undecided: 2 });
    expect(pack.over_refusal).toMatchObject({ count: 1, attempts: 2 });
    expect(pack.over_refusal?.wilson_95[1]).toBeGreaterThan(0.5);
  });
});
