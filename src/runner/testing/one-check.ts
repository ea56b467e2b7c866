import { afterAll } from "vitest";
import { startReferenceAgent, type AgentProtocol, type RunningAgent } from "../../agent/index.js";
import type { CheckDefinition } from "../../checks/types.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../run-conformance.js";

/**
 * For a check's own tests: runs that check alone against a reference agent (with a flaw, or none) and
 * gives the result; the agents it starts are closed after the file's tests.
 */
export function oneCheckRunner(check: CheckDefinition) {
  const started: RunningAgent[] = [];
  afterAll(async () => {
    await Promise.all(started.map((a) => a.close()));
  });
  return async (protocol: AgentProtocol, flaw?: string) => {
    const agent = await startReferenceAgent({ port: 0, protocol, ...(flaw ? { flaw } : {}) });
    started.push(agent);
    return runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 5000,
      policy: commandLinePolicy,
      catalogue: [check],
    });
  };
}
