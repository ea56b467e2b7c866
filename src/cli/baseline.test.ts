import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunResult } from "../model/result.js";
import { exitCodes } from "./exit-codes.js";
import { runCli } from "./testing/run-cli.js";

let good: RunningAgent;
let broken: RunningAgent;
const dir = mkdtempSync(join(tmpdir(), "pw-baseline-"));
const testFile = join(dir, "smoke.json");

beforeAll(async () => {
  good = await startReferenceAgent({ port: 0, protocol: "1.0" });
  broken = await startReferenceAgent({ port: 0, protocol: "1.0", flaw: "task-fails" });
});
afterAll(async () => {
  await good.close();
  await broken.close();
});

/** The same test (one file, one name) aimed at the good or the broken agent: a release that regressed or was fixed. */
async function runAgainst(agent: RunningAgent, extra: string[] = []) {
  writeFileSync(
    testFile,
    JSON.stringify({ name: "checkout agent", kind: "smoke", config: { agent_url: agent.url } }),
  );
  return runCli(["run", testFile, ...extra]);
}

async function resultsOf(agent: RunningAgent, name: string): Promise<string> {
  const r = await runAgainst(agent, ["--json"]);
  const path = join(dir, name);
  writeFileSync(path, r.stdout);
  return path;
}

describe("--baseline", () => {
  it("names a regression as a new failure, and --fail-on new fails on it", async () => {
    const before = await resultsOf(good, "good.json");
    const r = await runAgainst(broken, ["--baseline", before, "--fail-on", "new"]);
    expect(r.code).toBe(exitCodes.failed);
    expect(r.stdout).toContain(`Compared with ${before}`);
    expect(r.stdout).toMatch(/1 new failure, 0 fixed, 0 still failing/);
    expect(r.stdout).toMatch(/✗ smoke: pass → fail/);
  });

  it("--fail-on new passes a run whose failures were all failing in the baseline; without it the run fails", async () => {
    const before = await resultsOf(broken, "broken.json");
    const adopted = await runAgainst(broken, ["--baseline", before, "--fail-on", "new"]);
    expect(adopted.stdout).toMatch(/0 new failures, 0 fixed, 1 still failing/);
    expect(adopted.code).toBe(exitCodes.passed);
    expect((await runAgainst(broken, ["--baseline", before])).code).toBe(exitCodes.failed);
  });

  it("says what was fixed, in the JSON result and the Markdown report", async () => {
    const before = await resultsOf(broken, "broken2.json");
    const out = join(dir, "reports");
    const r = await runAgainst(good, [
      "--baseline",
      before,
      "--json",
      "--report",
      "markdown",
      "--out-dir",
      out,
    ]);
    expect(r.code).toBe(exitCodes.passed);
    const result = JSON.parse(r.stdout) as RunResult;
    expect(result.baseline?.fixed).toMatchObject([{ id: "smoke", before: "fail", after: "pass" }]);
    expect(result.baseline?.status).toEqual({ before: "failed", after: "passed" });
    const markdown = readFileSync(join(out, "last", "plainwright-report.md"), "utf8");
    expect(markdown).toContain("#### Fixed (1)");
    expect(markdown).toContain("| smoke |  | fail | pass |");
  });

  it("--baseline last compares with the newest kept run of the output folder, not with itself", async () => {
    const out = join(dir, "kept");
    await runAgainst(good, ["--report", "json", "--out-dir", out]);
    const r = await runAgainst(broken, ["--baseline", "last", "--report", "json", "--out-dir", out]);
    expect(r.stdout).toContain("Compared with last");
    expect(r.stdout).toMatch(/1 new failure/);
  });

  it("is checked before anything is sent: a missing file, a file that is no result, --fail-on new alone", async () => {
    const missing = await runCli(["smoke", good.url, "--baseline", join(dir, "nope.json")]);
    expect(missing.code).toBe(exitCodes.usage);
    expect(missing.stderr).toContain("cannot read the file");
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ name: "x" }));
    const notOurs = await runCli(["smoke", good.url, "--baseline", other]);
    expect(notOurs.code).toBe(exitCodes.usage);
    expect(notOurs.stderr).toContain("not a Plainwright results file");
    const alone = await runCli(["smoke", good.url, "--fail-on", "new"]);
    expect(alone.code).toBe(exitCodes.usage);
    expect(alone.stderr).toContain("--fail-on new: needs --baseline");
    const none = await runCli(["smoke", good.url, "--baseline", "last", "--out-dir", join(dir, "empty")]);
    expect(none.code).toBe(exitCodes.usage);
    expect(none.stderr).toContain("--baseline last: no earlier run in");
  });
});
