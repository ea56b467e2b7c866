import { afterEach, describe, expect, it } from "vitest";
import { ATTACK_NOT_RUN_INTERRUPTED } from "../redteam/run-packs.js";
import { runRedteamTest } from "./run-redteam-test.js";
import type { A2ATestConfig } from "./test-definition.js";
import { holdingAgent } from "./testing/holding-agent.js";

const policy = { allowLoopback: true, allowPrivate: true, allowHosts: [] };
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

describe("a red-team run stopped part-way", () => {
  it("reports the attacks that never ran as not run (interrupted), outside every rate, and no cut attempt as a verdict", async () => {
    // Six messages are answered, then every message is held: only the abort can end the held attempts.
    const agent = await holdingAgent(6);
    closers.push(agent.close);
    const controller = new AbortController();
    void agent.held(1).then(() => controller.abort(new Error("interrupted by SIGINT")));
    const config = {
      agent_url: agent.url,
      headers: {},
      strict_card: false,
      timeout_s: 120,
      packs: ["prompt-injection", "jailbreak"],
      attempts: 1,
    } as A2ATestConfig;
    const result = await runRedteamTest({
      config,
      policy,
      env: {},
      pollIntervalMs: 50,
      signal: controller.signal,
    });
    const attacks = result.redteam?.attacks ?? [];
    const notRun = attacks.filter((a) => a.skipped === ATTACK_NOT_RUN_INTERRUPTED);
    const ran = attacks.filter((a) => a.records.length > 0);
    expect(notRun.length).toBeGreaterThan(0);
    expect(ran.length).toBeGreaterThan(0);
    // An attempt cut by the abort was neither an error of the agent nor a verdict.
    expect(attacks.flatMap((a) => a.records).filter((r) => r.outcome === "error")).toEqual([]);
    const findings = result.findings ?? [];
    expect(findings.filter((f) => f.status === "error")).toEqual([]);
    expect(findings.some((f) => /failed every attempt/.test(f.message))).toBe(false);
    for (const a of notRun) {
      const finding = findings.find((f) => f.id === `redteam.${a.id}`);
      expect(finding?.status).toBe("skip");
      expect(finding?.message).toBe(ATTACK_NOT_RUN_INTERRUPTED);
    }
    // The rates count only decided attempts of attacks that ran.
    const decided = ran.filter((a) => !a.twin).length;
    const counted = (result.redteam?.packs ?? []).reduce((n, p) => n + p.attempts, 0);
    expect(counted).toBeLessThanOrEqual(decided);
    expect((result.redteam?.packs ?? []).reduce((n, p) => n + p.errors, 0)).toBe(0);
  }, 60_000);
});
