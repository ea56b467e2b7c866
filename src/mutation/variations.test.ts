import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type AgentProtocol, type RunningAgent } from "../agent/index.js";
import type { Finding } from "../model/finding.js";
import { conformThroughProxy } from "../runner/testing/conform-through-proxy.js";
import type { Generation } from "./types.js";
import { ALLOWED_VARIATIONS } from "./variations.js";

const FAILED = new Set(["fail", "error"]);

const failures = (findings: Finding[]) =>
  new Set(findings.filter((f) => FAILED.has(f.status)).map((f) => `${f.id} ${f.transport ?? "agent"}`));

describe("the allowed variations", () => {
  it("are named once, each with the clause that allows it", () => {
    const ids = ALLOWED_VARIATIONS.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const v of ALLOWED_VARIATIONS) expect(v.clause, v.id).toMatch(/§/);
  });
});

// What the spec allows never fails: each variation, played on both generations of the reference agent, makes
// no check fail that passed without it. lab/mutations.mjs plays the same list in front of every lab agent.
for (const [protocol, generation] of [
  ["0.3", "0.x"],
  ["1.0", "1.0"],
] as Array<[AgentProtocol, Generation]>) {
  describe.concurrent(`each allowed variation fails no check on the reference agent ${protocol}`, () => {
    let agent: RunningAgent;
    let before: Set<string>;
    beforeAll(async () => {
      agent = await startReferenceAgent({ port: 0, protocol, slowTaskMs: 2000 });
      before = failures((await conformThroughProxy(agent, undefined)).findings);
    }, 120_000);
    afterAll(() => agent.close());
    const cases = ALLOWED_VARIATIONS.filter((v) => !v.generations || v.generations.includes(generation));
    it.each(cases)(
      "$id",
      async (v) => {
        const { findings, applied } = await conformThroughProxy(agent, v);
        expect(applied, "the variation changed the traffic").toBeGreaterThan(0);
        // Each new failure with its message, so a failure here explains itself.
        const fresh = findings.filter(
          (f) => FAILED.has(f.status) && !before.has(`${f.id} ${f.transport ?? "agent"}`),
        );
        expect(fresh.map((f) => `${f.id} ${f.transport ?? "agent"}: ${f.message}`)).toEqual([]);
      },
      120_000,
    );
  });
}
