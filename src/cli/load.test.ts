import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunResult } from "../model/result.js";

// The real CLI as a subprocess, built by `npm test` before vitest runs.
const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 99) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let agent: RunningAgent;
const dir = mkdtempSync(join(tmpdir(), "pw-load-"));
beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0 });
});
afterAll(() => agent.close());

describe("plainwright load", () => {
  it("runs a short load against the reference agent: JSON result on stdout, live view on stderr, reports written", async () => {
    const out = join(dir, "reports");
    const r = await cli([
      "load",
      agent.url,
      "--requests",
      "40",
      "--concurrency",
      "4",
      "--threshold",
      "p99 < 10s",
      "--threshold",
      "errors < 1%",
      "--json",
      "--report",
      "html,junit",
      "--out-dir",
      out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as RunResult;
    expect(result.kind).toBe("load");
    expect(result.status).toBe("passed");
    expect(result.load?.requests).toMatchObject({ started: 40, completed: 40, failed: 0 });
    expect(result.load?.latency.count).toBe(40);
    expect(result.load?.thresholds.map((t) => [t.expression, t.passed])).toEqual([
      ["p99 < 10s", true],
      ["errors < 1%", true],
    ]);
    const html = readFileSync(join(out, "last", "plainwright-report.html"), "utf8");
    expect(html).toContain("Latency over time");
    expect(html).toMatch(/<svg [^>]*aria-label="Latency over time/);
    expect(html).toMatch(/<svg [^>]*aria-label="Latency histogram: 40 requests/);
    expect(html).not.toContain("<script");
    expect(readFileSync(join(out, "last", "plainwright-junit.xml"), "utf8")).toContain(
      'name="threshold p99 &lt; 10s"',
    );
  });

  it("compares with a baseline: the latency percentiles, throughput and error rate of both runs, and their change", async () => {
    const out = join(dir, "baseline-reports");
    const run = (more: string[]) =>
      cli(["load", agent.url, "--requests", "20", "--concurrency", "2", "--out-dir", out, ...more]);
    expect((await run(["--report", "json"])).code).toBe(0);
    const r = await run(["--baseline", "last", "--json", "--report", "markdown"]);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as RunResult;
    const load = result.baseline?.load ?? [];
    expect(load.map((d) => d.name)).toEqual([
      "latency p50 (ms)",
      "latency p90 (ms)",
      "latency p99 (ms)",
      "throughput (/s)",
      "error rate",
    ]);
    for (const d of load) expect(d.delta).toBeCloseTo(d.after - d.before, 9);
    // The figures are this run's and the kept run's own, not copies of one another.
    expect(load.find((d) => d.name === "latency p99 (ms)")?.after).toBe(result.load?.latency.p99_ms);
    expect(load.find((d) => d.name === "error rate")).toMatchObject({ before: 0, after: 0, delta: 0 });
    const markdown = readFileSync(join(out, "last", "plainwright-report.md"), "utf8");
    expect(markdown).toMatch(/latency p99 \(ms\)[^\n]*→/);
  });

  it("prints the figures for a person and exits 1 when a threshold is missed", async () => {
    const r = await cli([
      "load",
      agent.url,
      "--duration",
      "1500ms",
      "--concurrency",
      "2",
      "--threshold",
      "p50 < 0.001ms",
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Load");
    expect(r.stdout).toMatch(/latency +p50 /);
    expect(r.stdout).toMatch(/✗ p50 < 0.001ms: [\d.]+ ms/);
    expect(r.stdout).toContain("FAILED  thresholds missed: p50 < 0.001ms");
    // The live view: one line a second on stderr.
    expect(r.stderr).toMatch(/1 s +\d+ req\/s +p50/);
  });

  it("refuses a target other than loopback without --confirm-target, exit 64 naming the rule", async () => {
    const r = await cli(["load", "http://agent.example.com", "--requests", "1"]);
    expect(r.code).toBe(64);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("refusing to load agent.example.com");
    expect(r.stderr).toContain("--confirm-target agent.example.com");
  });

  it.each([
    [["--threshold", "p99 < 2"], /threshold "p99 < 2": p99 is a time; give a unit/],
    [["--concurrency", "0"], /--concurrency must be from 1 to 1000, got 0/],
    [["--duration", "soon"], /--duration soon: expected a duration such as 30s/],
    [["--ramp", "20s", "--duration", "10s"], /--ramp \(20 s\) must be shorter than the duration \(10 s\)/],
    [["--rate", "fast"], /--rate fast: expected requests per second/],
  ])("refuses %j with exit 64 before sending anything", async (flags, message) => {
    const r = await cli(["load", agent.url, ...flags]);
    expect(r.code).toBe(64);
    expect(r.stderr).toMatch(message);
  });
});

describe("plainwright run with a test file of kind load", () => {
  const file = (name: string, thresholds: string[]) => {
    const path = join(dir, name);
    const test = {
      name: `Helpdesk under load (${name})`,
      kind: "load",
      config: {
        agent_url: agent.url,
        timeout_s: 10,
        load: { concurrency: 3, requests: 24, stream: true, thresholds },
      },
    };
    writeFileSync(path, JSON.stringify(test));
    return path;
  };

  it("passes when the file's thresholds hold and fails when one does not", async () => {
    const ok = await cli(["run", file("ok.json", ["errors < 1%", "first_event.p99 < 10s"]), "--json"]);
    expect(ok.code, ok.stderr).toBe(0);
    const result = JSON.parse(ok.stdout) as RunResult;
    expect(result?.kind).toBe("load");
    expect(result?.load?.settings.mode).toBe("stream");
    expect(result?.load?.first_event?.count).toBe(24);

    const missed = await cli(["run", file("missed.json", ["terminal.p50 < 0.001ms"])]);
    expect(missed.code).toBe(1);
    expect(missed.stdout).toContain("thresholds missed: terminal.p50 < 0.001ms");
  });

  it("reports a bad threshold in the file as a config error naming the field", async () => {
    const r = await cli(["run", file("bad.json", ["p99 under 2s"])]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/config\.load\.thresholds\.0 threshold "p99 under 2s" is not/);
  });
});
