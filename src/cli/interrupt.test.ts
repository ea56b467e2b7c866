import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { RunResult } from "../model/result.js";
import { holdingAgent } from "../runner/testing/holding-agent.js";
import { exitCodes } from "./exit-codes.js";

const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

/** Starts the CLI, sends `signal` once the agent holds its first request, and collects what came out. */
async function interrupted(args: (url: string, dir: string) => string[], signal: NodeJS.Signals = "SIGINT") {
  // Every message is held: only the signal can end the run inside the test's bound.
  const agent = await holdingAgent();
  closers.push(agent.close);
  const dir = mkdtempSync(join(tmpdir(), "plainwright-interrupt-"));
  const child = spawn(
    process.execPath,
    [bin, ...args(agent.url, dir), "--report", "json,junit", "--out-dir", dir],
    {
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // Bounded: a CLI that exits before it ever calls the agent fails the test with what it said.
  const early = await Promise.race([agent.held(1).then(() => undefined), exited.then((c) => c ?? -1)]);
  if (early !== undefined)
    throw new Error(`the CLI exited ${early} before calling the agent:\n${stdout}\n${stderr}`);
  child.kill(signal);
  const code = await exited;
  // The run's reports are in its own folder, which `last` names.
  const reports = join(dir, "last");
  const files = existsSync(reports) ? readdirSync(reports) : [];
  const json = files.find((f) => f.endsWith(".json"));
  const results = json
    ? (JSON.parse(readFileSync(join(reports, json), "utf8")) as RunResult | RunResult[])
    : [];
  return {
    code,
    stdout,
    stderr,
    results: Array.isArray(results) ? results : [results],
    files,
  };
}

describe("a run stopped with Ctrl-C or SIGTERM ends in a truthful, saved result", () => {
  it.each([
    ["conform", (url: string) => ["conform", url, "--timeout", "120"]],
    ["smoke", (url: string) => ["smoke", url, "--timeout", "120"]],
    ["redteam", (url: string) => ["redteam", url, "--timeout", "120"]],
    ["load", (url: string) => ["load", url, "--timeout", "120"]],
    [
      "run",
      (url: string) => {
        const file = join(mkdtempSync(join(tmpdir(), "plainwright-tests-")), "hangs.test.json");
        writeFileSync(
          file,
          JSON.stringify({ name: "hangs", kind: "a2a", config: { agent_url: url, timeout_s: 120 } }),
        );
        return ["run", file];
      },
    ],
  ])(
    "%s: prints the summary, writes every report marked interrupted, exits 130",
    async (_command, args) => {
      const r = await interrupted(args);
      expect(r.code, r.stderr).toBe(exitCodes.interrupted);
      expect(r.stderr).toContain("SIGINT: stopping the run");
      expect(r.stdout).toContain("INTERRUPTED");
      expect(r.files.some((f) => f.endsWith(".xml"))).toBe(true);
      expect(r.results.length).toBeGreaterThan(0);
      for (const result of r.results) {
        expect(result.interrupted).toBe(true);
        expect(result.status).not.toBe("passed");
        expect(result.reason).toContain("interrupted by SIGINT");
      }
    },
    60_000,
  );

  it("SIGTERM stops a run the same way", async () => {
    const r = await interrupted((url) => ["conform", url, "--timeout", "120"], "SIGTERM");
    expect(r.code).toBe(exitCodes.interrupted);
    expect(r.results[0]?.reason).toContain("interrupted by SIGTERM");
  }, 60_000);
});
