import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type AgentProtocol, type RunningAgent } from "../agent/index.js";
import { catalogue } from "../checks/index.js";
import { expectations } from "../checks/testing/expectations.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runConformance } from "./run-conformance.js";

const started: RunningAgent[] = [];
afterAll(async () => {
  await Promise.all(started.map((a) => a.close()));
});

// Messages the reference agent answers by asking back, or by working for a while.
const hints = { "input-required": "This is ambiguous", slow: "slow: take your time" };

async function conform(
  protocol: AgentProtocol,
  flaw?: string,
  extra: { transports?: Array<"JSONRPC" | "HTTP+JSON" | "GRPC">; bearer?: string } = {},
) {
  const agent = await startReferenceAgent({ port: 0, protocol, slowTaskMs: 2000, ...(flaw ? { flaw } : {}) });
  started.push(agent);
  return runConformance({
    agentUrl: agent.url,
    headers: extra.bearer ? { Authorization: `Bearer ${extra.bearer}` } : {},
    credentialsGiven: extra.bearer !== undefined,
    timeoutMs: 5000,
    policy: commandLinePolicy,
    hints,
    ...(extra.transports ? { transports: extra.transports } : {}),
  });
}

describe("the reference agent with no flaw", () => {
  it.each(["1.0", "0.3"] as const)(
    "passes every check on every binding in A2A %s (level full)",
    async (protocol) => {
      const result = await conform(protocol);
      const broken = (result.findings ?? []).filter((f) => f.status === "fail" || f.status === "error");
      expect(broken.map((f) => `${f.id} [${f.transport ?? "-"}]: ${f.message}`)).toEqual([]);
      expect(result.conformance_level).toBe("full");
      expect(result.status).toBe("passed");
      expect(result.scores.conformance).toBe(1);
      expect((result.findings ?? []).length).toBeGreaterThanOrEqual(catalogue.length);
    },
  );
});

describe("each flaw fails exactly the checks it should", () => {
  it.each(expectations.map((e) => [`${e.flaw} (A2A ${e.protocol})`, e] as const))("%s", async (_name, e) => {
    const result = await conform(e.protocol, e.flaw, {
      ...(e.transports ? { transports: e.transports } : {}),
      ...(e.bearer ? { bearer: e.bearer } : {}),
    });
    const failing = [
      ...new Set(
        (result.findings ?? []).filter((f) => f.status === "fail" || f.status === "error").map((f) => f.id),
      ),
    ].sort();
    expect(failing).toEqual([...e.failing].sort());
  });
});
