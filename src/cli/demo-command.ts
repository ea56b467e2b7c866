import { startReferenceAgent, type AgentProtocol } from "../agent/index.js";
import { runA2ATest } from "../runner/run-a2a-test.js";
import { runConformance } from "../runner/run-conformance.js";
import type { RunResult } from "../model/result.js";
import { policyFrom, type CommonFlags } from "./options.js";
import { emitResults, exitCodeFor } from "./output.js";

// The reference agent asks back on "ambiguous" and keeps working on "slow": hints let the suite use both.
const referenceHints = { "input-required": "This is ambiguous", slow: "slow: take your time" };

/** `demo`: the bundled reference agent in-process, in both protocol versions, tested end to end. */
export async function runDemoCommand(flags: CommonFlags): Promise<number> {
  const results: RunResult[] = [];
  const say = (line: string) => !flags.json && process.stderr.write(`${line}\n`);
  for (const protocol of ["1.0", "0.3"] as AgentProtocol[]) {
    const agent = await startReferenceAgent({ port: 0, protocol, slowTaskMs: 2000 });
    try {
      say(`Started the reference agent (A2A ${protocol}) at ${agent.url}`);
      const smoke = await runA2ATest({
        config: { agent_url: agent.url, headers: {}, strict_card: true, timeout_s: 30 },
        mode: "smoke",
        policy: policyFrom(flags),
        name: `Reference agent, A2A ${protocol}: card and smoke`,
        source: "demo",
      });
      results.push(smoke);
      say(`Running the conformance suite on every binding of the A2A ${protocol} agent`);
      const suite = await runConformance({
        agentUrl: agent.url,
        headers: {},
        timeoutMs: 10_000,
        policy: policyFrom(flags),
        hints: referenceHints,
      });
      results.push({ ...suite, name: `Reference agent, A2A ${protocol}: conformance`, source: "demo" });
    } finally {
      await agent.close();
    }
  }
  await emitResults(results, flags);
  return exitCodeFor(results);
}
