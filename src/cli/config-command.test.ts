import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { exitCodes } from "./exit-codes.js";
import { runCli } from "./testing/run-cli.js";

let agent: RunningAgent;
// A server that only records the headers of what it is sent (and has no card).
let recorder: Server;
let recorderUrl: string;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "1.0" });
  recorder = createServer((req, res) => {
    seen.push(req.headers);
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
  recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await agent.close();
  await new Promise((resolve) => recorder.close(resolve));
});

function project(config: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "pw-config-cli-"));
  writeFileSync(join(dir, "plainwright.config.json"), JSON.stringify(config, null, 2));
  return dir;
}

const cli = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  runCli(args, env, undefined, undefined, cwd);

describe("commands read plainwright.config.json", () => {
  it("card takes the agent from agent_url when no URL is given", async () => {
    const dir = project({ agent_url: agent.url });
    const r = await cli(["card", "--json"], dir);
    expect(r.code).toBe(exitCodes.passed);
    expect((JSON.parse(r.stdout) as { agent_url: string }).agent_url).toBe(agent.url);
  });

  it("a URL on the command line beats agent_url, and --project picks a project's", async () => {
    const down = "http://127.0.0.1:9";
    const dir = project({ agent_url: down, projects: { local: { agent_url: agent.url } } });
    const typed = await cli(["card", agent.url, "--json"], dir);
    expect((JSON.parse(typed.stdout) as { agent_url: string }).agent_url).toBe(agent.url);
    const local = await cli(["card", "--project", "local", "--json"], dir);
    expect((JSON.parse(local.stdout) as { agent_url: string }).agent_url).toBe(agent.url);
  });

  it("sends the file's headers and credentials by secret name, with the command line's added", async () => {
    const dir = project({
      agent_url: recorderUrl,
      headers: { "X-Team": "blue", "X-Env": "file" },
      credentials: { bearer: { secret: "AGENT_TOKEN" } },
    });
    seen.length = 0;
    await cli(["card", "-H", "X-Env: flag"], dir, { PLAINWRIGHT_SECRET_AGENT_TOKEN: "tok-12345678" });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatchObject({
      "x-team": "blue",
      "x-env": "flag",
      authorization: "Bearer tok-12345678",
    });
  });

  it("writes the file's reporters into its output_dir without --report", async () => {
    const dir = project({ agent_url: agent.url, reporters: ["json"], output_dir: "out" });
    const r = await cli(["card"], dir);
    expect(r.code).toBe(exitCodes.passed);
    expect(existsSync(join(dir, "out"))).toBe(true);
    expect(r.stderr).toMatch(/wrote .*out/);
  });

  it("conform runs only the file's conformance categories", async () => {
    const dir = project({ agent_url: agent.url, conformance: { categories: ["card"] } });
    const r = await cli(["conform", "--json"], dir);
    const ids = (JSON.parse(r.stdout) as { findings: { id: string }[] }).findings.map((f) => f.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id.startsWith("card."))).toBe(true);
  });

  it("run takes its tests from the file when no path is given", async () => {
    const dir = project({ tests: "tests" });
    const tests = join(dir, "tests");
    mkdirSync(tests);
    writeFileSync(
      join(tests, "smoke.json"),
      JSON.stringify({ name: "from config", kind: "smoke", config: { agent_url: agent.url } }),
    );
    const r = await cli(["run", "--list"], dir);
    expect(r.code).toBe(exitCodes.passed);
    expect(r.stdout).toContain("from config");
  });

  it("a config with errors stops the command before anything is sent, naming every problem", async () => {
    const dir = project({ agent_url: recorderUrl, timeout_z: 3, reporters: ["pdf"] });
    seen.length = 0;
    const r = await cli(["card"], dir);
    expect(r.code).toBe(exitCodes.error);
    expect(r.stderr).toContain("2 problems");
    expect(r.stderr).toMatch(
      /plainwright\.config\.json:\d+:\d+: timeout_z is not a known key; did you mean "timeout_s"\?/,
    );
    expect(r.stderr).toMatch(/plainwright\.config\.json:\d+:\d+: reporters\.0 /);
    expect(seen).toHaveLength(0);
  });

  it("without a URL or a config, card says where the URL could come from", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-no-config-"));
    const r = await cli(["card"], dir);
    expect(r.code).toBe(exitCodes.usage);
    expect(r.stderr).toContain("card needs the agent's URL: give it as the first argument, or set agent_url");
  });
});

describe("plainwright config", () => {
  it("prints each setting, its source and the defaults, with header values redacted", async () => {
    const dir = project({
      agent_url: "http://127.0.0.1:1",
      headers: { "X-Api": "sk-secret-value", "X-Ref": "{{secrets.REF}}" },
      projects: { ci: { timeout_s: 30 } },
    });
    const r = await cli(["config", "--project", "ci"], dir);
    expect(r.code).toBe(exitCodes.passed);
    expect(r.stdout).toContain(`config file: ${join(dir, "plainwright.config.json")} (project ci)`);
    expect(r.stdout).toMatch(/agent_url\s+http:\/\/127\.0\.0\.1:1\s+plainwright\.config\.json\n/);
    expect(r.stdout).toMatch(/timeout_s\s+30\s+plainwright\.config\.json › projects\.ci/);
    expect(r.stdout).toMatch(/output_dir\s+reports\s+default/);
    expect(r.stdout).toContain("X-Ref: {{secrets.REF}}");
    expect(r.stdout).not.toContain("sk-secret-value");
  });

  it("says an environment variable beats the file's model", async () => {
    const dir = project({ models: { model: "anthropic:from-file" } });
    const plain = await cli(["config", "--json"], dir, { PLAINWRIGHT_MODEL: "" });
    const fromFile = (
      JSON.parse(plain.stdout) as { settings: { setting: string; value: unknown; from: string }[] }
    ).settings;
    expect(fromFile.find((s) => s.setting === "models.model")).toMatchObject({
      value: "anthropic:from-file",
    });
    const env = await cli(["config", "--json"], dir, { PLAINWRIGHT_MODEL: "openai:from-env" });
    const fromEnv = (
      JSON.parse(env.stdout) as { settings: { setting: string; value: unknown; from: string }[] }
    ).settings;
    expect(fromEnv.find((s) => s.setting === "models.model")).toMatchObject({
      value: "openai:from-env",
      from: "PLAINWRIGHT_MODEL (environment)",
    });
  });

  it("says no file was found, and where it looked", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-no-config-"));
    const r = await cli(["config"], dir);
    expect(r.code).toBe(exitCodes.passed);
    expect(r.stdout).toContain(`config file: none (looked for plainwright.config.json`);
  });
});
