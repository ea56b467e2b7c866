import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { RunResult } from "../model/result.js";
import { conversationScript, judgeSays, userSays } from "../conversation/testing/scripts.js";
import { startScriptedModel } from "../llm/testing/scripted-model.js";
import { holdingAgent } from "../runner/testing/holding-agent.js";
import { exitCodes } from "./exit-codes.js";

const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

/**
 * Starts the CLI, sends `signal` once the agent holds its first request, and collects what came out.
 * The agent answers its first `answered` messages; `env` is added to the CLI's (a model's settings).
 */
async function interrupted(
  args: (url: string, dir: string) => string[],
  signal: NodeJS.Signals = "SIGINT",
  { answered = 0, env = {} }: { answered?: number; env?: Record<string, string> } = {},
) {
  // Every further message is held: only the signal can end the run inside the test's bound.
  const agent = await holdingAgent(answered);
  closers.push(agent.close);
  const dir = mkdtempSync(join(tmpdir(), "plainwright-interrupt-"));
  const child = spawn(
    process.execPath,
    [bin, ...args(agent.url, dir), "--report", "json,junit", "--out-dir", dir],
    {
      env: { ...process.env, NO_COLOR: "1", PLAINWRIGHT_NO_CACHE: "1", ...env },
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

describe("an interrupted run's saved result says only what happened", () => {
  it("redteam: attacks that never ran are not run (interrupted), not failed, and in no rate", async () => {
    const r = await interrupted((url) => ["redteam", url, "--timeout", "120", "--packs", "prompt-injection"]);
    expect(r.code, r.stderr).toBe(exitCodes.interrupted);
    const [result] = r.results;
    const attacks = result?.redteam?.attacks ?? [];
    expect(attacks.length).toBeGreaterThan(0);
    for (const attack of attacks) {
      expect(attack.errors).toBe(0);
      expect(attack.skipped).toBeDefined();
    }
    expect(attacks.filter((a) => a.skipped?.startsWith("not run (interrupted)")).length).toBeGreaterThan(0);
    expect((result?.findings ?? []).filter((f) => f.status === "error" || f.status === "fail")).toEqual([]);
    for (const pack of result?.redteam?.packs ?? []) expect(pack).toMatchObject({ attempts: 0, errors: 0 });
    expect(r.stdout).not.toContain("failed every attempt");
  }, 60_000);

  it("load: the requests it cancelled are no errors and no latency, and the summary is never PASSED", async () => {
    // The connect step's message and three load requests are answered, the rest held.
    const r = await interrupted(
      (url) => ["load", url, "--timeout", "120", "--concurrency", "2", "--duration", "1h"],
      "SIGINT",
      { answered: 4 },
    );
    expect(r.code, r.stderr).toBe(exitCodes.interrupted);
    const load = r.results[0]?.load;
    expect(load?.requests.failed).toBe(0);
    expect(load?.errors.total).toBe(0);
    expect(load?.requests.interrupted).toBeGreaterThan(0);
    expect(load?.latency.count).toBe(load?.requests.completed);
    expect(r.stdout).toContain("INTERRUPTED");
    expect(r.stdout).not.toContain("PASSED");
  }, 60_000);

  it("conform: checks that did not finish are not run (interrupted), not failures, and no level is claimed", async () => {
    const r = await interrupted((url) => ["conform", url, "--timeout", "120"]);
    expect(r.code, r.stderr).toBe(exitCodes.interrupted);
    const [result] = r.results;
    const findings = result?.findings ?? [];
    const notRun = findings.filter((f) => f.message.startsWith("not run (interrupted)"));
    expect(notRun.length).toBeGreaterThan(0);
    for (const f of notRun) expect(f.status).toBe("skip");
    const broken = findings.filter((f) => f.status === "fail" || f.status === "error");
    expect(broken.filter((f) => /interrupt|cancelled by the caller/.test(f.message))).toEqual([]);
    expect(result?.conformance_level).toBeUndefined();
    expect(r.stdout).toContain("level incomplete (interrupted)");
  }, 60_000);

  it("converse: the trial under way is not graded, and the judge is never called", async () => {
    const model = await startScriptedModel(
      "openai",
      conversationScript({ user: userSays({ 1: "Hello, anyone there?" }), judge: judgeSays("passed") }),
    );
    closers.push(() => model.close());
    const r = await interrupted(
      (url) => ["converse", url, "--timeout", "120", "--persona", "A customer", "--criterion", "It answers"],
      "SIGINT",
      // The version probe's message is answered; the trial's first message is held.
      {
        answered: 1,
        env: { PLAINWRIGHT_MODEL: "openai-compatible:scripted", PLAINWRIGHT_MODEL_BASE_URL: model.baseURL },
      },
    );
    expect(r.code, r.stderr).toBe(exitCodes.interrupted);
    const [result] = r.results;
    expect(
      result?.trials?.map((t) => [t.ended, t.status, t.score]),
      r.stderr + r.stdout,
    ).toEqual([["interrupted", "error", null]]);
    expect(result?.trial_stats?.count).toBe(0);
    expect(result?.status).not.toBe("passed");
    expect(model.calls.map((c) => c.role)).toEqual(["user"]);
  }, 60_000);

  it("run: a second Ctrl-C while the run is still stopping exits at once, writing nothing more", async () => {
    const agent = await cancelHoldingAgent();
    closers.push(agent.close);
    const dir = mkdtempSync(join(tmpdir(), "plainwright-interrupt-"));
    const file = join(dir, "works-forever.test.json");
    writeFileSync(
      file,
      JSON.stringify({
        name: "works forever",
        kind: "a2a",
        config: { agent_url: agent.url, timeout_s: 120 },
      }),
    );
    const child = spawn(process.execPath, [bin, "run", file, "--report", "json", "--out-dir", dir], {
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const early = (what: Promise<void>) =>
      Promise.race([what.then(() => undefined), exited.then((c) => c ?? -1)]).then((code) => {
        if (code !== undefined) throw new Error(`the CLI exited ${code} too early:\n${stderr}`);
      });
    await early(agent.polled);
    child.kill("SIGINT");
    // The first Ctrl-C cancels the task the run started; the agent holds that cancel, so the run is still stopping.
    await early(agent.cancelAsked);
    child.kill("SIGINT");
    expect(await exited).toBe(exitCodes.interrupted);
    expect(stderr).toContain("SIGINT again: stopping now");
    expect(existsSync(join(dir, "last"))).toBe(false);
  }, 60_000);
});

/**
 * A 0.3 agent whose task works forever: a send answers a working task, a poll says working, and a
 * tasks/cancel is held unanswered. `polled` and `cancelAsked` resolve when those first arrive.
 */
async function cancelHoldingAgent() {
  let polled: () => void = () => undefined;
  let cancelAsked: () => void = () => undefined;
  const whenPolled = new Promise<void>((r) => (polled = r));
  const whenCancelAsked = new Promise<void>((r) => (cancelAsked = r));
  const server = http.createServer((req, res) => {
    const { port } = server.address() as AddressInfo;
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "GET") return void res.end(JSON.stringify(card(port)));
      const call = JSON.parse(body) as { id: unknown; method: string; params?: { id?: string } };
      const reply = (result: unknown) =>
        void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
      const working = { kind: "task", id: "task-forever", contextId: "c-1", status: { state: "working" } };
      if (call.method === "message/send") return reply(working);
      if (call.method === "tasks/get" && call.params?.id === "task-forever") {
        polled();
        return reply(working);
      }
      if (call.method === "tasks/cancel") return cancelAsked();
      res.end(
        JSON.stringify({ jsonrpc: "2.0", id: call.id, error: { code: -32001, message: "Task not found" } }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    polled: whenPolled,
    cancelAsked: whenCancelAsked,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const card = (port: number) => ({
  protocolVersion: "0.3.0",
  name: "Works forever",
  description: "its task never ends",
  url: `http://127.0.0.1:${port}/a2a`,
  version: "1.0.0",
  capabilities: {},
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "w", name: "Work", description: "Works", tags: ["w"] }],
});
