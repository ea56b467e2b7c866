import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { runCli } from "./testing/run-cli.js";

const bin = new URL("../../dist/cli/main.js", import.meta.url).pathname;

const alice = "alice-s3cret-token";
const bob = "bob-s3cret-token";
const scopeChecks = [
  "auth.get-scoped",
  "auth.existence-hidden",
  "auth.task-operations-scoped",
  "auth.list-scoped",
];
let agent: RunningAgent;
let leaky: RunningAgent;
const dir = mkdtempSync(join(tmpdir(), "pw-scope-"));

beforeAll(async () => {
  agent = await startReferenceAgent({ protocol: "1.0", bearerToken: [alice, bob] });
  leaky = await startReferenceAgent({
    protocol: "1.0",
    bearerToken: [alice, bob],
    flaw: "task-readable-by-all",
  });
});
afterAll(async () => {
  await Promise.all([agent.close(), leaky.close()]);
});

interface Result {
  status: string;
  findings: Array<{ id: string; status: string; transport?: string; message: string }>;
}

const scoped = (result: Result) => result.findings.filter((f) => scopeChecks.includes(f.id));

/** `conform URL` as alice, auth checks only, with the extra options given. */
const conformAuth = (url: string, ...extra: string[]) =>
  runCli(["conform", url, "--bearer", alice, "--category", "auth", ...extra]);
const asBob = ["--identity", `bob=Authorization: Bearer ${bob}`];

describe("conform with a second identity", () => {
  it("runs the task-scope checks as the second caller on every binding, and shows neither token", async () => {
    const r = await conformAuth(agent.url, ...asBob, "--json");
    expect(r.code, r.stdout.slice(0, 400)).toBe(0);
    const findings = scoped(JSON.parse(r.stdout) as Result);
    expect(findings).toHaveLength(scopeChecks.length * 3);
    expect(findings.filter((f) => f.status !== "pass").map((f) => `${f.id}: ${f.message}`)).toEqual([]);
    expect(r.stdout + r.stderr).not.toContain(alice);
    expect(r.stdout + r.stderr).not.toContain(bob);
  });

  it("fails an agent that hands one caller's task to another", async () => {
    const r = await conformAuth(leaky.url, ...asBob, "--transport", "rest");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/auth\.get-scoped/);
    expect(r.stdout).toContain('GetTask as "bob" returned task');
  });

  it("without --identity, names the option that would run the task-scope checks", async () => {
    const r = await conformAuth(agent.url, "--transport", "jsonrpc");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("no second identity was given");
    expect(r.stdout).toContain("→ to run them: --identity 'NAME=Authorization: Bearer …'");
  });

  it("takes the second caller from a conformance test file's identities, secrets resolved", async () => {
    const file = join(dir, "scope.json");
    writeFileSync(
      file,
      JSON.stringify({
        module_id: "m",
        name: "scoped",
        kind: "conformance",
        natural_language: "",
        config: {
          agent_url: agent.url,
          headers: { Authorization: `Bearer ${alice}` },
          categories: ["auth"],
          transports: ["grpc"],
          identities: [{ name: "bob", headers: { Authorization: "Bearer {{secrets.BOB}}" } }],
        },
      }),
    );
    const r = await runCli(["run", file, "--json"], { PLAINWRIGHT_SECRET_BOB: bob });
    expect(r.code, r.stdout.slice(0, 400)).toBe(0);
    const findings = scoped(JSON.parse(r.stdout) as Result);
    expect(findings.map((f) => `${f.id} ${f.transport} ${f.status}`).sort()).toEqual(
      scopeChecks.map((id) => `${id} GRPC pass`).sort(),
    );
    expect(r.stdout).not.toContain(bob);
  });

  it("passes against `plainwright agent` started with one --bearer-token per caller", async () => {
    const child = spawn(
      process.execPath,
      [bin, "agent", "--port", "0", "--bearer-token", alice, "--bearer-token", bob],
      {
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = "";
        const timer = setTimeout(() => reject(new Error(`the agent did not start: ${text}`)), 20_000);
        child.stdout.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          const match = /\) at (http:\/\/\S+)/.exec(text);
          if (match?.[1]) {
            clearTimeout(timer);
            expect(text).toContain("bearer token required (2 callers)");
            resolve(match[1]);
          }
        });
      });
      const r = await conformAuth(url, ...asBob, "--transport", "jsonrpc", "--json");
      expect(r.code, r.stdout.slice(0, 400)).toBe(0);
      expect(scoped(JSON.parse(r.stdout) as Result).map((f) => f.status)).toEqual([
        "pass",
        "pass",
        "pass",
        "pass",
      ]);
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("refuses a malformed --identity before sending anything, and documents it in --help", async () => {
    const bad = await runCli(["conform", agent.url, "--identity", "Authorization: Bearer x"]);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain("expected 'NAME=Header: value'");
    const help = await runCli(["conform", "--help"]);
    expect(help.stdout).toContain("--identity <NAME=Header: value>");
  });
});
