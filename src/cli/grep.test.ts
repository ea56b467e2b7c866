import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunResult } from "../model/result.js";
import { exitCodes } from "./exit-codes.js";
import { nameFilter } from "./name-filter.js";
import { runCli } from "./testing/run-cli.js";

describe("nameFilter keeps what --grep matches and drops what --grep-invert matches", () => {
  it("matches case-insensitively, and both flags together narrow", () => {
    const keep = nameFilter({ grep: "CARD\\.", grepInvert: "signature" });
    expect(["card.skills", "card.signature-valid", "lifecycle.get-task"].filter((n) => keep?.(n))).toEqual([
      "card.skills",
    ]);
  });

  it("is no filter when neither flag is given", () => {
    expect(nameFilter({})).toBeUndefined();
  });
});

describe("--grep and --grep-invert select what runs", () => {
  let agent: RunningAgent;
  const dir = mkdtempSync(join(tmpdir(), "plainwright-grep-"));
  beforeAll(async () => {
    agent = await startReferenceAgent({ port: 0, protocol: "1.0" });
    for (const name of ["Billing smoke", "Refund smoke", "Billing conformance"])
      writeFileSync(
        join(dir, `${name.replace(/ /g, "-")}.json`),
        JSON.stringify({ name, kind: "a2a", config: { agent_url: agent.url } }),
      );
  });
  afterAll(() => agent?.close());

  it("run <folder> reads past Plainwright's own reports, node_modules and hidden folders", async () => {
    const folder = mkdtempSync(join(tmpdir(), "plainwright-folder-"));
    writeFileSync(
      join(folder, "smoke.json"),
      JSON.stringify({ name: "Only test", kind: "a2a", config: { agent_url: agent.url } }),
    );
    mkdirSync(join(folder, "reports"));
    const earlier = await runCli(["run", join(folder, "smoke.json"), "--json"]);
    writeFileSync(join(folder, "reports", "plainwright-results.json"), earlier.stdout);
    for (const hidden of ["node_modules", ".cache"]) {
      mkdirSync(join(folder, hidden));
      writeFileSync(join(folder, hidden, "package.json"), "{ not a test");
    }
    const r = await runCli(["run", folder, "--list"]);
    expect(r.code, r.stderr).toBe(exitCodes.passed);
    expect(r.stdout).toContain("1 test:");
    expect(r.stderr).toBe("");
  });

  it("conform --grep runs only the checks whose id or title matches", async () => {
    const r = await runCli(["conform", agent.url, "--grep", "^card\\.(skills|capabilities)", "--json"]);
    expect(r.code, r.stderr).toBe(exitCodes.passed);
    const result = JSON.parse(r.stdout) as RunResult;
    expect([...new Set(result.findings?.map((f) => f.id))]).toEqual(["card.skills", "card.capabilities"]);
  });

  it("conform --grep-invert with an anchored pattern leaves out the one check whose id it names", async () => {
    const r = await runCli([
      "conform",
      agent.url,
      "--category",
      "errors",
      "--grep-invert",
      "^errors\\.parse-error$",
      "--json",
    ]);
    expect(r.code, r.stderr).toBe(exitCodes.passed);
    const ids = new Set((JSON.parse(r.stdout) as RunResult).findings?.map((f) => f.id));
    expect(ids.has("errors.parse-error")).toBe(false);
    expect(ids.has("errors.invalid-request")).toBe(true);
  });

  it("conform --list shows only the checks --grep, --category and --level select", async () => {
    const r = await runCli(["conform", "--list", "--grep", "^errors\\.parse-error$"]);
    expect(r.code, r.stderr).toBe(exitCodes.passed);
    expect(r.stdout).toMatch(/^1 of \d+ checks/);
    expect(r.stdout).toContain("errors.parse-error");
    expect(r.stdout).not.toContain("errors.invalid-request");
    const must = await runCli(["conform", "--list", "--category", "card", "--level", "MUST"]);
    const rows = must.stdout.trim().split("\n").slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => / MUST +card /.test(row))).toBe(true);
  });

  it("conform --grep that matches nothing, or is no regular expression, is bad usage naming the flag", async () => {
    const none = await runCli(["conform", agent.url, "--grep", "no-such-check"]);
    expect(none.code).toBe(exitCodes.usage);
    expect(none.stderr).toContain("--grep no-such-check: no check's id or title matches");
    const bad = await runCli(["conform", agent.url, "--grep", "("]);
    expect(bad.code).toBe(exitCodes.usage);
    expect(bad.stderr).toContain("--grep (: not a regular expression");
  });

  it("run --list --grep lists the tests it would run, and runs nothing", async () => {
    const r = await runCli(["run", dir, "--list", "--grep", "billing", "--grep-invert", "conformance"]);
    expect(r.code, r.stderr).toBe(exitCodes.passed);
    expect(r.stdout).toContain("1 test:");
    expect(r.stdout).toContain("Billing smoke");
    expect(r.stdout).not.toContain("Refund smoke");
    expect(r.stdout).not.toContain("PASSED");
  });
});
