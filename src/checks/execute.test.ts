import { describe, expect, it } from "vitest";
import { defineCheck, fail, failBlocking, notApplicable, notSupported, pass, skip } from "./define.js";
import { executeCheck } from "./execute.js";
import { isProblem } from "../model/finding.js";
import { conformanceLevel, conformanceScore, conformanceSummary } from "./level.js";
import type { CheckContext, CheckLevel, CheckVerdict } from "./types.js";

const checkReturning = (verdict: CheckVerdict, level: CheckLevel = "SHOULD") =>
  defineCheck({
    id: "lifecycle.example",
    title: "An example",
    category: "lifecycle",
    level,
    levelReason: "an example",
    requirement: "an example",
    spec: "none",
    recommendation: "none",
    noSelfTest: "a test fixture",
    scope: "agent",
    run: () => Promise.resolve(verdict),
  });

// Only what executeCheck reads of an agent-scope check with no needs, bindings or generations.
const ctx = { timeoutMs: 1000, transport: "JSONRPC", clientContext: {} } as unknown as CheckContext;

describe("executing a check", () => {
  it("attributes a finding only to the TCK ids its verdict judged", async () => {
    const named = (verdict: CheckVerdict) => ({
      ...checkReturning(verdict),
      tck: ["CORE-EXECUTION-MODE-001", "CORE-EXECUTION-MODE-002"],
    });
    const all = await executeCheck(named(pass("both cases")), ctx);
    expect(all.finding.tck).toBe("CORE-EXECUTION-MODE-001, CORE-EXECUTION-MODE-002");
    const one = await executeCheck(
      named({ ...pass("blocking only"), tck: ["CORE-EXECUTION-MODE-001"] }),
      ctx,
    );
    expect(one.finding.tck).toBe("CORE-EXECUTION-MODE-001");
    const none = await executeCheck(named({ ...fail("another rule"), tck: [] }), ctx);
    expect(none.finding).not.toHaveProperty("tck");
  });

  it("reports a check the agent gives nothing to judge as not applicable, so it does not lower the level", async () => {
    const { finding } = await executeCheck(checkReturning(notApplicable("the agent never asks back")), ctx);
    expect(finding).toMatchObject({
      status: "skip",
      applicable: false,
      message: "the agent never asks back",
    });
  });

  it("reports a check that could not run as an applicable skip", async () => {
    const { finding } = await executeCheck(checkReturning(skip("no running task")), ctx);
    expect(finding.status).toBe("skip");
    expect(finding.applicable).toBeUndefined();
  });

  it("lets the checks that depend on a failure run, unless the failure says their input is gone", async () => {
    const plain = await executeCheck(checkReturning(fail("the task has no contextId")), ctx);
    expect(plain).toMatchObject({ finding: { status: "fail" }, blocks: false });
    const blocking = await executeCheck(
      checkReturning(failBlocking("no task id anywhere in the reply")),
      ctx,
    );
    expect(blocking).toMatchObject({ finding: { status: "fail" }, blocks: true });
    expect(blocking.finding).not.toHaveProperty("blocks");
  });

  it("reports a MAY the agent does not do as a note, not supported, which lowers neither level nor score", async () => {
    const check = checkReturning(notSupported("the agent keeps no history"), "MAY");
    const { finding, blocks } = await executeCheck(check, ctx);
    expect(finding).toMatchObject({ status: "skip", applicable: false, not_supported: true, level: "MAY" });
    expect(finding.message).toBe("not supported, a MAY the spec leaves open: the agent keeps no history");
    expect(finding).not.toHaveProperty("recommendation");
    expect(blocks).toBe(false);
    const passed = (await executeCheck(checkReturning(pass("fine")), ctx)).finding;
    expect(conformanceLevel([passed, finding], [check])).toBe("full");
    expect(conformanceScore([passed, finding])).toBe(1);
    expect(conformanceSummary([passed, finding])).toMatchObject({ applicable: 1, not_run: 0 });
  });

  it("keeps a failed MAY check's status for the proofs but marks it a note, which lowers neither level nor score", async () => {
    const check = checkReturning(fail("a message naming an unknown task started one"), "MAY");
    const { finding } = await executeCheck(check, ctx);
    expect(finding).toMatchObject({ status: "fail", not_supported: true, level: "MAY" });
    expect(isProblem(finding)).toBe(false);
    const passed = (await executeCheck(checkReturning(pass("fine")), ctx)).finding;
    expect(conformanceLevel([passed, finding], [check])).toBe("full");
    expect(conformanceScore([passed, finding])).toBe(1);
    const should = (await executeCheck(checkReturning(fail("broken")), ctx)).finding;
    expect(should.not_supported).toBeUndefined();
    expect(isProblem(should)).toBe(true);
  });
});
