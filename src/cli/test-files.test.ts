import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";

// The real CLI as a subprocess, built by `npm test` before vitest runs.
const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
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
beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "1.0" });
});
afterAll(async () => {
  await agent.close();
});

describe("plainwright run with test files", () => {
  it("runs every valid file of a folder, reports each invalid one with all its problems, and exits 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-run-"));
    mkdirSync(join(dir, "more"));
    const good = { name: "Good agent", kind: "a2a", config: { agent_url: agent.url } };
    writeFileSync(join(dir, "a-good.json"), JSON.stringify(good));
    writeFileSync(join(dir, "b-empty.json"), "[]");
    writeFileSync(
      join(dir, "c-typo.json"),
      JSON.stringify({ ...good, config: { ...good.config, smoke_mesage: "hi", timeout_s: 0 } }),
    );
    writeFileSync(join(dir, "d-broken.json"), '{\n  "name": "x",\n  "kind": "a2a"\n  "config": {}\n}');
    writeFileSync(join(dir, "more", "e-good.json"), JSON.stringify({ ...good, name: "Also good" }));
    const r = await cli(["run", dir]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/✓ Good agent/);
    expect(r.stdout).toMatch(/✓ Also good/);
    expect(r.stdout).toMatch(/2 passed, 0 failed, 0 error/);
    expect(r.stderr).toContain("b-empty.json: the array is empty");
    expect(r.stderr).toContain("c-typo.json: 2 problems:");
    expect(r.stderr).toContain(
      'config.smoke_mesage is not a known key; did you mean "config.smoke_message"?',
    );
    expect(r.stderr).toContain("config.timeout_s must be from 1 to 300, got 0");
    expect(r.stderr).toContain(
      "d-broken.json: not valid JSON at line 4, column 3: expected ',' or '}' after the property value",
    );
    expect(r.stderr).toContain('  4 |   "config": {}');
    expect(r.stderr).toMatch(/3 test files were invalid and not run/);
  });

  it("is an error, not a silent pass, for a file holding an empty array or nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-run-"));
    writeFileSync(join(dir, "empty.json"), "");
    writeFileSync(join(dir, "none.json"), "[]");
    const empty = await cli(["run", join(dir, "empty.json")]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/empty.json: the file is empty/);
    const none = await cli(["run", join(dir, "none.json")]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/none.json: the array is empty/);
  });
});
