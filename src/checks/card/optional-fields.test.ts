import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../../agent/index.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import check from "./optional-fields.js";

const started: RunningAgent[] = [];
afterAll(async () => {
  await Promise.all(started.map((a) => a.close()));
});

async function finding(flaw?: string) {
  const agent = await startReferenceAgent({ port: 0, protocol: "1.0", ...(flaw ? { flaw } : {}) });
  started.push(agent);
  const result = await runConformance({
    agentUrl: agent.url,
    headers: {},
    timeoutMs: 5000,
    policy: commandLinePolicy,
    catalogue: [check],
  });
  return result.findings?.find((f) => f.id === check.id);
}

describe("card.optional-fields", () => {
  it("passes the flawless agent, having judged the camelCase spelling of DM-SERIAL-001", async () => {
    expect(await finding()).toMatchObject({ status: "pass", tck: "DM-SERIAL-001" });
  });

  it("fails snake_case field names under DM-SERIAL-001", async () => {
    expect(await finding("card-snake-case")).toMatchObject({ status: "fail", tck: "DM-SERIAL-001" });
  });

  it("fails a malformed documentationUrl without attributing it to the camelCase requirement", async () => {
    const found = await finding("card-bad-documentation-url");
    expect(found).toMatchObject({ status: "fail" });
    expect(found).not.toHaveProperty("tck");
  });
});
