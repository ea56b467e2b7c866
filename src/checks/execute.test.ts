import { describe, expect, it } from "vitest";
import { defineCheck, notApplicable, skip } from "./define.js";
import { executeCheck } from "./execute.js";
import type { CheckContext, CheckVerdict } from "./types.js";

const checkReturning = (verdict: CheckVerdict) =>
  defineCheck({
    id: "lifecycle.example",
    title: "An example",
    category: "lifecycle",
    level: "SHOULD",
    levelReason: "an example",
    requirement: "an example",
    spec: "none",
    recommendation: "none",
    noSelfTest: "a test fixture",
    scope: "agent",
    run: () => Promise.resolve(verdict),
  });

// Only what executeCheck reads of an agent-scope check with no needs, bindings or generations.
const ctx = { timeoutMs: 1000, transport: "JSONRPC" } as unknown as CheckContext;

describe("executing a check", () => {
  it("reports a check the agent gives nothing to judge as not applicable, so it does not lower the level", async () => {
    const finding = await executeCheck(checkReturning(notApplicable("the agent never asks back")), ctx);
    expect(finding).toMatchObject({
      status: "skip",
      applicable: false,
      message: "the agent never asks back",
    });
  });

  it("reports a check that could not run as an applicable skip", async () => {
    const finding = await executeCheck(checkReturning(skip("no running task")), ctx);
    expect(finding.status).toBe("skip");
    expect(finding.applicable).toBeUndefined();
  });
});
