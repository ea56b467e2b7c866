import { describe, expect, it } from "vitest";
import type { Finding } from "../model/finding.js";
import type { RunResult } from "../model/result.js";
import { checksViewOf } from "./checks-view.js";
import { levelText } from "./run-view.js";
import { smokeViewOf } from "./smoke-view.js";

const finding = (id: string, status: Finding["status"], level: Finding["level"] = "MUST"): Finding => ({
  id,
  category: "lifecycle",
  level,
  status,
  message: `${id} ${status}`,
  duration_ms: 1,
});

describe("the section models every reader draws", () => {
  it("words the smoke check once: the message sent, the reply with its polls, the verdict", () => {
    const smoke = {
      request: { method: "message/send", params: { message: { parts: [{ kind: "text", text: "Hi" }] } } },
      reply_kind: "task" as const,
      task_state: "completed",
      text: "Hello",
      passed: true,
      polls: 2,
    };
    expect(smokeViewOf(smoke)).toEqual({
      method: "message/send",
      sent: "Hi",
      reply: "task completed after 2 polls",
      state: "completed",
      passed: true,
      verdict: "valid reply",
      text: "Hello",
    });
    expect(smokeViewOf({ ...smoke, passed: false, reason: "the task failed", polls: 0 })).toMatchObject({
      reply: "task completed",
      verdict: "the task failed",
    });
  });

  it("groups the checks failed first (MUST before SHOULD, errors with failures), then skipped, then passed", () => {
    const findings = [
      finding("b.pass", "pass"),
      finding("a.should", "fail", "SHOULD"),
      finding("c.skip", "skip"),
      finding("d.must", "fail"),
      finding("e.error", "error"),
    ];
    const view = checksViewOf({ findings, scores: {} } as unknown as RunResult);
    expect(view.counts).toBe("2 failed · 1 errored · 1 skipped · 1 passed");
    expect(view.groups.map((g) => [g.title, g.findings.map((f) => f.id)])).toEqual([
      ["Failed checks (3)", ["d.must", "e.error", "a.should"]],
      ["Skipped checks (1)", ["c.skip"]],
      ["Passed checks (1)", ["b.pass"]],
    ]);
  });

  it("names an interrupted suite's level incomplete, rather than leaving the level out", () => {
    const base = { kind: "conformance", scores: {} } as unknown as RunResult;
    expect(levelText({ ...base, interrupted: true })).toBe("incomplete (interrupted)");
    expect(levelText(base)).toBeUndefined();
    expect(levelText({ ...base, conformance_level: "full", scores: { conformance: 1 } })).toBe("full (1)");
  });
});
