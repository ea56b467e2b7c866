import { describe, expect, it } from "vitest";
import { exitCodes } from "./exit-codes.js";
import { runCli } from "./testing/run-cli.js";
import { startReferenceAgent } from "../agent/index.js";

// Port 9 (discard) has nothing listening on loopback in the test environment: every connection is refused.
const nowhere = "http://127.0.0.1:9/";

describe("a target where nothing answers is an error of the run, not a list of failures", () => {
  it.each([["card"], ["smoke"], ["conform"], ["redteam"]])(
    "%s: exit 2 before any check or attack, with a hint of what to check",
    async (command) => {
      const r = await runCli([command, nowhere]);
      expect(r.code).toBe(exitCodes.error);
      expect(r.stdout).toContain(`nothing answers at ${nowhere}`);
      expect(r.stdout).toContain("is the agent running there");
      expect(r.stdout).not.toMatch(/failed to answer|\d+ passed/);
    },
  );
});

describe("a --peer where nothing answers is an error of the run too", () => {
  it("conform --peer: exit 2 naming the peer, before any check, never PASSED", async () => {
    const agent = await startReferenceAgent({ port: 0, protocol: "0.3" });
    try {
      const r = await runCli(["conform", agent.url, "--peer", nowhere]);
      expect(r.code).toBe(exitCodes.error);
      expect(r.stdout).toContain(`--peer ${nowhere}: nothing answers at ${nowhere}`);
      expect(r.stdout).not.toMatch(/PASSED|\d+ passed/);
    } finally {
      await agent.close();
    }
  });
});
