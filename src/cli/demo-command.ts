import { startReferenceAgent, type AgentProtocol } from "../agent/index.js";
import { runA2ATest } from "../runner/run-a2a-test.js";
import type { RunResult } from "../runner/result.js";
import { policyFrom, type CommonFlags } from "./options.js";
import { emitResults, exitCodeFor } from "./output.js";

/** `demo`: the bundled reference agent in-process, in both protocol versions, tested end to end. */
export async function runDemoCommand(flags: CommonFlags): Promise<number> {
  const results: RunResult[] = [];
  for (const protocol of ["1.0", "0.3"] as AgentProtocol[]) {
    const agent = await startReferenceAgent({ port: 0, protocol });
    try {
      if (!flags.json)
        process.stderr.write(`Started the reference agent (A2A ${protocol}) at ${agent.url}\n`);
      const result = await runA2ATest({
        config: { agent_url: agent.url, headers: {}, strict_card: true, timeout_s: 30 },
        mode: "smoke",
        policy: policyFrom(flags),
        name: `Reference agent, A2A ${protocol}: card and smoke`,
        source: "demo",
      });
      results.push(result);
    } finally {
      await agent.close();
    }
  }
  await emitResults(results, flags);
  return exitCodeFor(results);
}
