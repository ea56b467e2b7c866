import { startReferenceAgent } from "../../agent/index.js";
import type { RunResult } from "../../model/result.js";
import { runRedteamTest } from "../run-redteam-test.js";

const policy = { allowLoopback: true, allowPrivate: true, allowHosts: [] };

/**
 * A red-team run with `redteam` settings (packs, attempts, canaries) against a fresh reference agent with
 * the `vuln` modes, its model the scripted one at `modelBaseURL`.
 */
export async function redteamRunAgainst(
  vuln: string[],
  redteam: Record<string, unknown>,
  modelBaseURL: string,
  extra: Pick<Parameters<typeof runRedteamTest>[0], "modelWrap"> = {},
): Promise<RunResult> {
  const agent = await startReferenceAgent({ workMs: 5, vuln });
  try {
    const config = { agent_url: agent.url, headers: {}, strict_card: false, timeout_s: 10, ...redteam };
    const env = { PLAINWRIGHT_MODEL: "openai-compatible:scripted", PLAINWRIGHT_MODEL_BASE_URL: modelBaseURL };
    return await runRedteamTest({ config, policy, env, pollIntervalMs: 50, ...extra });
  } finally {
    await agent.close();
  }
}
