import { afterAll } from "vitest";
import { startReferenceAgent, type AgentProtocol, type RunningAgent } from "../../agent/index.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../run-conformance.js";

/** Messages the reference agent answers by asking back, or by working for a while. */
export const hints = { "input-required": "This is ambiguous", slow: "slow: take your time" };

/** How a suite run against the reference agent may differ from the plain one. */
export interface ConformExtra {
  transports?: Array<"JSONRPC" | "HTTP+JSON" | "GRPC">;
  bearer?: string;
  /** A second caller's token: the agent accepts both, and the run knows it as --identity other. */
  other?: string;
  hints?: Record<string, string>;
  requiredExtension?: boolean;
}

/**
 * For the suite's own tests: runs the whole conformance suite against a reference agent (a flaw, a
 * token, a required extension); every agent it starts is closed after the file's tests.
 */
export function referenceConformer() {
  const started: RunningAgent[] = [];
  afterAll(async () => {
    await Promise.all(started.map((a) => a.close()));
  });
  async function conform(protocol: AgentProtocol, flaw?: string, extra: ConformExtra = {}) {
    const agent = await startReferenceAgent({
      port: 0,
      protocol,
      slowTaskMs: 2000,
      ...(flaw ? { flaw } : {}),
      // Rows that send a bearer token run against an agent that expects exactly that token.
      ...(extra.bearer ? { bearerToken: [extra.bearer, ...(extra.other ? [extra.other] : [])] } : {}),
      ...(extra.requiredExtension ? { requiredExtension: true } : {}),
    });
    started.push(agent);
    return runConformance({
      agentUrl: agent.url,
      headers: extra.bearer ? { Authorization: `Bearer ${extra.bearer}` } : {},
      credentialsGiven: extra.bearer !== undefined,
      timeoutMs: 5000,
      policy: commandLinePolicy,
      hints: extra.hints ?? hints,
      ...(extra.transports ? { transports: extra.transports } : {}),
      ...(extra.other
        ? { identities: [{ name: "other", headers: { Authorization: `Bearer ${extra.other}` } }] }
        : {}),
    });
  }
  return { conform, started };
}
