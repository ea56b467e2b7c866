import { startReferenceAgent, type AgentProtocol } from "../agent/index.js";
import { runA2ATest } from "../runner/run-a2a-test.js";
import { runConformance } from "../runner/run-conformance.js";
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
  await emitResults(results, output);
  return exitCodeFor(results);
}

/** Card, smoke and the conformance suite against one reference agent started for the purpose. */
async function demoOne(protocol: AgentProtocol, output: OutputSettings): Promise<RunResult[]> {
  const agent = await startReferenceAgent({ port: 0, protocol, slowTaskMs: 2000 });
  try {
    return await withProgress(output, async (onEvent) => {
      const smoke = await runA2ATest({
        config: { agent_url: agent.url, headers: {}, strict_card: true, timeout_s: 30 },
        mode: "smoke",
        policy: commandLinePolicy,
        name: `Reference agent, A2A ${protocol}: card and smoke`,
        source: "demo",
        onEvent,
      });
      const suite = await runConformance({
        agentUrl: agent.url,
        headers: {},
        timeoutMs: 10_000,
        policy: commandLinePolicy,
        hints: referenceHints,
        name: `Reference agent, A2A ${protocol}: conformance`,
        source: "demo",
        onEvent,
      });
      return [smoke, suite];
    });
  } finally {
    await agent.close();
  }
}
