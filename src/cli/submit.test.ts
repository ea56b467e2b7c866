import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunningServer } from "../server/server.js";
import { apiClient, serve, tempDir } from "../server/testing/harness.js";

// The real CLI as a subprocess (built by `npm test` before vitest runs) against a real server on loopback.
const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

function submit(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, "submit", ...args],
      { env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 99) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let good: RunningAgent;
let flawed: RunningAgent;
let server: RunningServer;
const db = tempDir();
const files = mkdtempSync(join(tmpdir(), "pw-submit-"));
const TOKEN = "ci-token-123456";

function testFile(name: string, agentUrl: string, extra: Record<string, unknown> = {}): string {
  const path = join(files, `${name.replace(/\W+/g, "-")}.json`);
  writeFileSync(path, JSON.stringify({ name, kind: "a2a", config: { agent_url: agentUrl, ...extra } }));
  return path;
}

beforeAll(async () => {
  good = await startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0 });
  flawed = await startReferenceAgent({ port: 0, protocol: "0.3", flaw: "task-fails" });
  server = await serve(db.db, { token: TOKEN });
});
afterAll(async () => {
  await server?.close();
  await good?.close();
  await flawed?.close();
  db.remove();
  rmSync(files, { recursive: true, force: true });
});

describe("plainwright submit", () => {
  it("stores and runs the tests on the server, and with --wait prints results and exits 0 when all pass", async () => {
    const a = testFile("Good one", good.url);
    const b = testFile("Good two", good.url, { smoke_message: "hello" });
    const run = await submit([a, b, "--server", server.url, "--token", TOKEN, "--wait", "--json"]);
    expect(run.code).toBe(0);
    const results = JSON.parse(run.stdout) as { status: string; name: string }[];
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ["Good one", "passed"],
      ["Good two", "passed"],
    ]);
    expect(run.stderr).toMatch(new RegExp(`queued Good one: ${server.url}/runs/[0-9a-f-]{36}`));
    const api = apiClient(server.url, TOKEN);
    const projects = await api<{ id: string; name: string }[]>("GET", "/api/projects");
    const ci = projects.body.find((p) => p.name === "CI");
    expect(ci).toBeDefined();
    const modules = await api<{ id: string; name: string }[]>("GET", `/api/projects/${ci?.id}/modules`);
    expect(modules.body.map((m) => m.name)).toEqual(["submitted"]);

    // Submitting again replaces the tests of the same name instead of adding copies.
    expect((await submit([a, "--server", server.url, "--token", TOKEN])).code).toBe(0);
    const tests = await api<{ name: string }[]>("GET", `/api/modules/${modules.body[0]?.id}/tests`);
    expect(tests.body.map((t) => t.name).sort()).toEqual(["Good one", "Good two"]);
  });

  it("exits 1 when a run fails and 2 when one cannot run", async () => {
    const failing = testFile("Fails", flawed.url);
    const fail = await submit([
      failing,
      testFile("Passes", good.url),
      "--server",
      server.url,
      "--token",
      TOKEN,
      "--wait",
    ]);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/Fails/);
    const missingSecret = testFile("No secret", good.url, {
      headers: { Authorization: "Bearer {{secrets.NOPE}}" },
    });
    const error = await submit([missingSecret, failing, "--server", server.url, "--token", TOKEN, "--wait"]);
    expect(error.code).toBe(2);
    expect(error.stdout).toMatch(/NOPE/);
  });

  it("names the problem when the token is wrong or the server is missing", async () => {
    const file = testFile("Any", good.url);
    const refused = await submit([file, "--server", server.url, "--token", "wrong"]);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toMatch(/refused the token/);
    const usage = await submit([file]);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toMatch(/--server/);
  });

  it("says so when --server is not a Plainwright server (here an A2A agent)", async () => {
    const file = testFile("Not a server", good.url);
    const r = await submit([file, "--server", good.url, "--token", TOKEN]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "not an answer of the Plainwright API: is --server the URL of `plainwright serve`?",
    );
  });
});
