import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunResult } from "../model/result.js";
import { runCli } from "./testing/run-cli.js";

let good: RunningAgent;
let broken: RunningAgent;
const dir = mkdtempSync(join(tmpdir(), "pw-bail-"));

beforeAll(async () => {
  [good, broken] = await Promise.all([
    startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0 }),
    startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0, flaw: "reply-not-a2a" }),
  ]);
});
afterAll(async () => {
  await Promise.all([good.close(), broken.close()]);
});

const isBroken = (f: { status: string }) => f.status === "fail" || f.status === "error";

describe("--bail and --last-failed", () => {
  it("conform --bail starts no further check once one has failed, and says so in each one left", async () => {
    const r = await runCli([
      "conform",
      broken.url,
      "--bail",
      "--concurrency",
      "1",
      "--transport",
      "jsonrpc",
      "--json",
    ]);
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout) as RunResult;
    const findings = result.findings ?? [];
    expect(findings.filter(isBroken)).toHaveLength(1);
    const left = findings.filter((f) => f.message.includes("--bail 1 stopped the run after 1 failed check"));
    expect(left.length).toBeGreaterThan(10);
    expect(left.every((f) => f.status === "skip")).toBe(true);
  });

  it("conform without --bail runs every check of the same agent", async () => {
    const r = await runCli(["conform", broken.url, "--concurrency", "1", "--transport", "jsonrpc", "--json"]);
    const findings = (JSON.parse(r.stdout) as RunResult).findings ?? [];
    expect(findings.filter(isBroken).length).toBeGreaterThan(1);
    expect(findings.some((f) => f.message.includes("--bail"))).toBe(false);
  });

  it("run --bail 1 starts no further test after one failed, and names how many were left", async () => {
    const write = (name: string, url: string) => {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify({ name, kind: "smoke", config: { agent_url: url } }));
      return file;
    };
    const files = [write("a-fails", broken.url), write("b-passes", good.url)];
    const bailed = await runCli(["run", ...files, "--bail", "1", "--json"]);
    expect(bailed.code).toBe(1);
    const one = JSON.parse(bailed.stdout) as RunResult;
    expect(one.name).toBe("a-fails");
    expect(bailed.stderr).toContain("--bail 1: 1 test(s) not run after 1 failed");
    const all = await runCli(["run", ...files, "--json"]);
    expect((JSON.parse(all.stdout) as RunResult[]).map((r) => r.name)).toEqual(["a-fails", "b-passes"]);
  });

  it("run --last-failed runs again only the tests that did not pass last time", async () => {
    const out = mkdtempSync(join(tmpdir(), "pw-last-"));
    const write = (name: string, url: string) => {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify({ name, kind: "smoke", config: { agent_url: url } }));
      return file;
    };
    const files = [write("c-fails", broken.url), write("d-passes", good.url)];
    const keep = ["--report", "json", "--out-dir", out];
    const never = await runCli(["run", ...files, "--last-failed", ...keep]);
    expect(never.code).toBe(64);
    expect(never.stderr).toContain("--last-failed: no earlier run is recorded");
    await runCli(["run", ...files, ...keep, "--json"]);
    const again = await runCli(["run", ...files, "--last-failed", ...keep, "--json"]);
    expect((JSON.parse(again.stdout) as RunResult).name).toBe("c-fails");
    const passing = await runCli(["run", files[1]!, ...keep, "--json"]);
    expect(passing.code).toBe(0);
    const none = await runCli(["run", ...files, "--last-failed", ...keep]);
    expect(none.code).toBe(0);
    expect(none.stderr).toContain("no test failed in the last run");
  });

  it("refuses --bail 0 as a usage error", async () => {
    const r = await runCli(["conform", good.url, "--bail", "0"]);
    expect(r.code).toBe(64);
    expect(r.stderr).toContain("--bail 0: must be a whole number of failures, 1 or more");
  });
});
