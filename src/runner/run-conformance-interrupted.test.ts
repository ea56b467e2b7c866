import { afterEach, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { NOT_RUN_INTERRUPTED } from "../model/finding.js";
import { runConformance } from "./run-conformance.js";
import { holdingAgent } from "./testing/holding-agent.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

describe("a conformance run stopped part-way", () => {
  it("reports the checks it did not finish as not run (interrupted), never as failures, and states no level", async () => {
    // Every message is held: the first one held is the moment to stop, with checks still to start.
    const agent = await holdingAgent(0);
    closers.push(agent.close);
    const controller = new AbortController();
    void agent.held(1).then(() => controller.abort(new Error("interrupted by SIGINT")));
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 120_000,
      policy: commandLinePolicy,
      concurrency: 2,
      signal: controller.signal,
    });
    const findings = result.findings ?? [];
    const interrupted = findings.filter((f) => f.message.startsWith(NOT_RUN_INTERRUPTED));
    expect(interrupted.length).toBeGreaterThan(0);
    for (const f of interrupted) expect(f.status).toBe("skip");
    // Neither a check cut by the abort nor one never started reads as the agent's failure.
    const broken = findings.filter((f) => f.status === "fail" || f.status === "error");
    expect(broken.filter((f) => /interrupt|cancelled by the caller|aborted/.test(f.message))).toEqual([]);
    expect(result.conformance_level).toBeUndefined();
    expect(result.conformance_summary?.not_run).toBeGreaterThanOrEqual(interrupted.length);
    expect(result.status).not.toBe("passed");
    expect(result.reason).toContain("level incomplete");
  }, 60_000);
});
