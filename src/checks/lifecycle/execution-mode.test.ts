import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent } from "../../agent/index.js";
import type { RunningAgent } from "../../agent/types.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import executionMode from "./execution-mode.js";

const agents: RunningAgent[] = [];
afterAll(() => Promise.all(agents.map((a) => a.close())));

/** lifecycle.execution-mode on a 1.0 reference agent whose every task takes 2.5 s, with no hint given. */
async function judgedWithoutHint(flaw?: string) {
  const agent = await startReferenceAgent({
    protocol: "1.0",
    signCard: false,
    workMs: 2500,
    ...(flaw ? { flaw } : {}),
  });
  agents.push(agent);
  const result = await runConformance({
    agentUrl: agent.url,
    headers: {},
    timeoutMs: 15_000,
    policy: commandLinePolicy,
    catalogue: [executionMode],
    transports: ["JSONRPC"],
  });
  return result.findings?.find((f) => f.id === "lifecycle.execution-mode");
}

describe("lifecycle.execution-mode without --hint slow", () => {
  it("judges returnImmediately on a surveyed task slow enough, and fails a reply that waited for the work", async () => {
    const finding = await judgedWithoutHint("return-immediately-ignored");
    expect(finding).toMatchObject({ status: "fail", tck: "CORE-EXECUTION-MODE-002" });
    expect(finding?.message).toMatch(/answered after .* s with its task already completed: the reply waited/);
  }, 60_000);

  it("passes an agent that returns the task while it still works, claiming both requirements", async () => {
    const finding = await judgedWithoutHint();
    expect(finding?.status).toBe("pass");
    expect(finding?.message).toMatch(/returned its task (submitted|working) while the work took/);
    expect(finding?.tck).toBe("CORE-EXECUTION-MODE-001, CORE-EXECUTION-MODE-002");
  }, 60_000);
});
