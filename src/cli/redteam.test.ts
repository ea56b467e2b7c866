import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";

// The real CLI as a subprocess (built first) against the reference agent, hardened and vulnerable.
const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

function cli(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/MODEL|API_KEY|BASE_URL/.test(k)),
    );
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...env, NO_COLOR: "1" }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 99) : 0, stdout, stderr }),
    );
  });
}

let hardened: RunningAgent;
let leaky: RunningAgent;
beforeAll(async () => {
  [hardened, leaky] = await Promise.all([
    startReferenceAgent({ port: 0, workMs: 5 }),
    startReferenceAgent({ port: 0, workMs: 5, vuln: ["leaky-memory"] }),
  ]);
});
afterAll(() => Promise.all([hardened.close(), leaky.close()]));

describe("plainwright redteam", () => {
  it("lists every attack with its pack, what it tries, how it is judged and its OWASP id", async () => {
    const { code, stdout } = await cli(["redteam", "--list"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/data-exfiltration\.email-encoded\s+pack data-exfiltration · LLM02:2025/);
    expect(stdout).toContain("judged by: decoded leak");
  });

  it("exits 1 with the leak in the JSON result when an attack succeeds", async () => {
    const args = ["redteam", leaky.url, "--packs", "data-exfiltration", "--attempts", "1", "--json"];
    const { code, stdout } = await cli(args);
    expect(code).toBe(1);
    const result = JSON.parse(stdout) as {
      kind: string;
      findings: Array<{ category: string; status: string }>;
    };
    expect(result.kind).toBe("redteam");
    expect(result.findings.every((f) => f.category === "data-exfiltration" && f.status === "fail")).toBe(
      true,
    );
  });

  it("exits 0 against the hardened agent, with a second identity for the cross-context pack", async () => {
    const args = [
      "redteam",
      hardened.url,
      "--bearer",
      "alice",
      "--identity",
      "bob=Authorization: Bearer bob",
    ];
    const { code, stdout } = await cli([
      ...args,
      "--packs",
      "cross-context-leakage,identity-spoofing",
      "--attempts",
      "1",
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/cross-context-leakage\s+8\s+0\s+0 %/);
  });

  it.each([
    [["--packs", "jailbrake"], /unknown pack "jailbrake"/],
    [["--attempts", "0"], /--attempts 0: must be from 1 to 100/],
    [["--attempts", "2.5"], /--attempts 2\.5: must be a whole number from 1 to 100/],
    [["--attempts", "many"], /--attempts many: must be a number/],
    [["--identity", "no-equals-sign"], /expected 'NAME=Header: value'/],
    [["--no-strict-card"], /never validated/],
  ])("refuses %j with exit 64 and the rule", async (extra, message) => {
    const { code, stderr } = await cli(["redteam", hardened.url, ...extra]);
    expect(code).toBe(64);
    expect(stderr).toMatch(message);
  });
});
