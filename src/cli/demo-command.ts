import { startReferenceAgent, type AgentProtocol } from "../agent/index.js";
import { runTestDefinition } from "../runner/run-test.js";
import type { LoadedTest } from "../runner/test-definition.js";
import type { RunResult } from "../model/result.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import type { CommonFlags } from "./options.js";
import { emitResults, exitCodeFor, outputSettings, type OutputSettings } from "./output.js";
import { withProgress } from "./prepare.js";

// The reference agent asks back on "ambiguous" and keeps working on "slow": hints let the suite use both.
const referenceHints = { "input-required": "This is ambiguous", slow: "slow: take your time" };

/** `demo`: the bundled reference agent in-process, in both protocol versions, tested end to end. */
export async function runDemoCommand(flags: CommonFlags): Promise<number> {
  const output = outputSettings(flags);
  const results: RunResult[] = [];
  for (const protocol of ["1.0", "0.3"] as AgentProtocol[])
    results.push(...(await demoOne(protocol, output)));
  return exitCodeFor(await emitResults(results, output), output.failOn);
}

/** The tests the demo runs against one reference agent: what a test file would hold. */
function demoTests(agentUrl: string, protocol: AgentProtocol): LoadedTest[] {
  const test = (
    name: string,
    kind: "smoke" | "conformance",
    config: { timeout_s: number; hints?: Record<string, string> },
  ): LoadedTest => ({
    source: "demo",
    definition: { name, kind, config: { agent_url: agentUrl, headers: {}, strict_card: true, ...config } },
    warnings: [],
  });
  return [
    test(`Reference agent, A2A ${protocol}: card and smoke`, "smoke", { timeout_s: 30 }),
    test(`Reference agent, A2A ${protocol}: conformance`, "conformance", {
      timeout_s: 10,
      hints: referenceHints,
    }),
  ];
}

/** Card, smoke and the conformance suite against one reference agent started for the purpose, through the one door. */
async function demoOne(protocol: AgentProtocol, output: OutputSettings): Promise<RunResult[]> {
  const agent = await startReferenceAgent({ port: 0, protocol, slowTaskMs: 2000 });
  try {
    return await withProgress(output, async (onEvent) => {
      const results: RunResult[] = [];
      for (const test of demoTests(agent.url, protocol))
        results.push(
          await runTestDefinition(test, {
            secrets: { values: {}, env: {} },
            policy: commandLinePolicy,
            onEvent,
          }),
        );
      return results;
    });
  } finally {
    await agent.close();
  }
}
