import { describe, expect, it } from "vitest";
import { conformanceLevel, conformanceSummary } from "./level.js";
import type { Finding } from "../model/finding.js";

const f = (id: string, status: Finding["status"], extra: Partial<Finding> = {}): Finding => ({
  id,
  category: id.split(".")[0] ?? "",
  level: "MUST",
  status,
  message: status,
  duration_ms: 1,
  ...extra,
});

describe("the conformance level and summary", () => {
  it("is full when every applicable check ran and passed; checks that do not apply do not count", () => {
    const findings = [
      f("lifecycle.get-task", "pass"),
      f("push.delivery", "skip", { applicable: false, message: "no push" }),
    ];
    expect(conformanceLevel(findings, [])).toBe("full");
    expect(conformanceSummary(findings)).toEqual({ applicable: 1, ran: 1, not_run: 0, not_run_reasons: [] });
  });

  it("is at most partial when an applicable check could not run, and says which and why", () => {
    const findings = [
      f("lifecycle.get-task", "pass"),
      f("lifecycle.cancel-running", "skip", { transport: "JSONRPC", message: "every task finished first" }),
    ];
    expect(conformanceLevel(findings, [])).toBe("partial");
    expect(conformanceSummary(findings)).toEqual({
      applicable: 2,
      ran: 1,
      not_run: 1,
      not_run_reasons: [
        { id: "lifecycle.cancel-running", transport: "JSONRPC", reason: "every task finished first" },
      ],
    });
  });

  it("stays full when only a MAY check could not run (the behaviour is optional), and still lists it", () => {
    const findings = [
      f("lifecycle.get-task", "pass"),
      f("lifecycle.history-length-0x", "skip", { level: "MAY", message: "history too short" }),
    ];
    expect(conformanceLevel(findings, [])).toBe("full");
    expect(conformanceSummary(findings).not_run).toBe(1);
  });

  it("is partial when a MAY check ran and failed: doing the optional thing wrongly counts", () => {
    const findings = [
      f("lifecycle.get-task", "pass"),
      f("lifecycle.history-length-0x", "fail", { level: "MAY" }),
    ];
    expect(conformanceLevel(findings, [])).toBe("partial");
  });
});
