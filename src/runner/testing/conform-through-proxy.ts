import type { RunningAgent } from "../../agent/index.js";
import type { CheckCategory } from "../../model/finding.js";
import { startMutationProxy } from "../../mutation/proxy.js";
import type { MutationHooks } from "../../mutation/types.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance, type ConformanceOptions } from "../run-conformance.js";
import { hints } from "./reference-conform.js";

/** What a run through the proxy is given beyond the agent: credentials, a second caller, a peer. */
export type Given = Partial<
  Pick<
    ConformanceOptions,
    "headers" | "credentialsGiven" | "identities" | "peerUrl" | "catalogue" | "transports"
  >
>;

/**
 * The suite on a reference agent through a mutation proxy playing `hooks` (a mutation, its correct twin, an
 * allowed variation, or nothing); the findings and how often the hooks changed the traffic.
 */
export async function conformThroughProxy(
  agent: RunningAgent,
  hooks: MutationHooks | undefined,
  categories?: CheckCategory[],
  given?: Given,
) {
  const url = new URL(agent.url);
  const proxy = await startMutationProxy({ target: url.origin, ...(hooks ? { mutation: hooks } : {}) });
  try {
    const result = await runConformance({
      agentUrl: proxy.url + url.pathname,
      headers: {},
      timeoutMs: 5000,
      policy: commandLinePolicy,
      hints,
      ...(categories ? { categories } : {}),
      ...given,
    });
    return { findings: result.findings ?? [], warnings: result.warnings, applied: proxy.applied() };
  } finally {
    await proxy.close();
  }
}
