import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { conversationScript, judgeSays, userSays } from "../conversation/testing/scripts.js";
import { startScriptedModel, type ScriptedModel } from "../llm/testing/scripted-model.js";
import type { RunResult } from "../model/result.js";
import { exitCodes } from "./exit-codes.js";
import { runCli } from "./testing/run-cli.js";

const verdicts = (r: RunResult) =>
  Object.fromEntries((r.findings ?? []).map((f) => [`${f.id}@${f.transport ?? ""}`, f.status]));

/** The findings whose verdicts differ, with both messages: what a failing comparison needs to be understood. */
function differences(live: RunResult, replayed: RunResult): string {
  const key = (f: { id: string; transport?: string }) => `${f.id}@${f.transport ?? ""}`;
  const before = new Map((live.findings ?? []).map((f) => [key(f), f]));
  return (replayed.findings ?? [])
    .flatMap((f) => {
      const was = before.get(key(f));
      return was && was.status !== f.status
        ? [`${key(f)}: live ${was.status} "${was.message}", replayed ${f.status} "${f.message}"`]
        : [];
    })
    .join("\n");
}

/** An agent on a fixed port for the recording, closed before the replay: a replay that reached it would fail. */
async function recordedAgent(flaw?: string): Promise<{ url: string; close: () => Promise<void> }> {
  const agent: RunningAgent = await startReferenceAgent({
    port: 0,
    protocol: "1.0",
    workMs: 0,
    ...(flaw ? { flaw } : {}),
  });
  return { url: agent.url, close: () => agent.close() };
}

describe("--record and --replay", () => {
  it("replays the conformance suite offline with every verdict the live run gave, push notifications included", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-cassette-"));
    const agent = await recordedAgent("invalid-params-wrong-code");
    const args = ["conform", agent.url, "--transport", "jsonrpc,rest", "--json"];
    const live = await runCli([...args, "--record", dir]);
    await agent.close();
    expect(live.stderr).toContain(`recorded ${join(dir, "conformance.cassette.json")}`);
    const recorded = JSON.parse(live.stdout) as RunResult;
    expect(recorded.status).toBe("failed");

    const replay = await runCli([...args, "--replay", dir]);
    const replayed = JSON.parse(replay.stdout) as RunResult;
    expect(replay.code, replayed.reason).toBe(live.code);
    expect(verdicts(replayed), differences(recorded, replayed)).toEqual(verdicts(recorded));
    expect(replayed.conformance_level).toBe(recorded.conformance_level);
    expect(replayed.findings?.find((f) => f.id === "push.delivery" && f.status === "pass")).toBeDefined();
  });

  it.each(["1.0", "0.3"] as const)(
    "replays the conformance suite over gRPC (A2A %s) offline with every verdict the live run gave",
    async (protocol) => {
      const dir = mkdtempSync(join(tmpdir(), "pw-cassette-grpc-"));
      const agent = await startReferenceAgent({
        port: 0,
        protocol,
        workMs: 0,
        flaw: "grpc-invalid-input-internal",
      });
      const args = ["conform", agent.url, "--transport", "grpc", "--json"];
      const live = await runCli([...args, "--record", dir]);
      await agent.close();
      const recorded = JSON.parse(live.stdout) as RunResult;
      expect(recorded.status).toBe("failed");
      expect(Object.keys(verdicts(recorded)).filter((key) => key.endsWith("@GRPC")).length).toBeGreaterThan(
        10,
      );
      const cassette = JSON.parse(readFileSync(join(dir, "conformance.cassette.json"), "utf8")) as {
        gaps: string[];
        exchanges: Array<{ origin: string; messages?: string[] }>;
      };
      expect(cassette.gaps).toEqual([]);
      expect(cassette.exchanges.some((e) => e.origin.startsWith("grpc://") && e.messages?.length)).toBe(true);

      const replay = await runCli([...args, "--replay", dir]);
      const replayed = JSON.parse(replay.stdout) as RunResult;
      expect(replay.code, replayed.reason).toBe(live.code);
      expect(verdicts(replayed), differences(recorded, replayed)).toEqual(verdicts(recorded));
      expect(replayed.conformance_level).toBe(recorded.conformance_level);
    },
  );

  it("replays a red-team run to the same verdicts: the attempts' random markers and the honeypot fetches are recorded", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-cassette-redteam-"));
    const agent = await startReferenceAgent({
      port: 0,
      protocol: "1.0",
      workMs: 0,
      vuln: ["jailbreakable", "over-agency"],
    });
    const args = ["redteam", agent.url, "--json", "--attempts", "1", "--packs", "jailbreak,excessive-agency"];
    const live = await runCli([...args, "--record", dir]);
    await agent.close();
    const recorded = JSON.parse(live.stdout) as RunResult;
    const failed = (r: RunResult) => (r.findings ?? []).filter((f) => f.status === "fail").map((f) => f.id);
    // A marker's echo decides the jailbreaks, the honeypot's log the fetches: both must come back.
    expect(failed(recorded)).toEqual(
      expect.arrayContaining(["redteam.jailbreak.role-play", "redteam.excessive-agency.honeypot-fetch"]),
    );
    const replay = await runCli([...args, "--replay", dir]);
    const replayed = JSON.parse(replay.stdout) as RunResult;
    expect(replay.code, replayed.reason).toBe(live.code);
    expect(verdicts(replayed)).toEqual(verdicts(recorded));
  });

  it("a request the cassette has no recording of makes the replay an error that names it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-cassette-"));
    const agent = await recordedAgent();
    await runCli(["smoke", agent.url, "--record", dir]);
    await agent.close();
    const file = join(dir, "smoke.cassette.json");
    const cassette = JSON.parse(readFileSync(file, "utf8")) as {
      exchanges: Array<{ request_body?: string }>;
    };
    cassette.exchanges = cassette.exchanges.filter((e) => !e.request_body?.includes("SendMessage"));
    writeFileSync(file, JSON.stringify(cassette));
    const r = await runCli(["smoke", agent.url, "--replay", dir, "--json"]);
    expect(r.code).toBe(exitCodes.error);
    expect((JSON.parse(r.stdout) as RunResult).reason).toMatch(
      /--replay: \d+ requests? had no recording in the cassette: POST \/a2a\/jsonrpc \(SendMessage\)/,
    );
  });

  it("refuses a cassette of another agent, or none, before anything is sent", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-cassette-"));
    const agent = await recordedAgent();
    await runCli(["card", agent.url, "--record", dir]);
    await agent.close();
    const other = await runCli(["card", "http://127.0.0.1:9", "--replay", dir]);
    expect(other.code).toBe(exitCodes.error);
    expect(other.stderr).toMatch(
      /the cassette was recorded against 127\.0\.0\.1:\d+, this test aims at 127\.0\.0\.1:9/,
    );
    const none = await runCli(["smoke", agent.url, "--replay", dir]);
    expect(none.stderr).toContain("no cassette");
    const both = await runCli(["card", agent.url, "--replay", dir, "--record", dir]);
    expect(both.code).toBe(exitCodes.usage);
    const load = await runCli(["load", agent.url, "--record", dir]);
    expect(load.code).toBe(exitCodes.usage);
    expect(load.stderr).toContain("load --record");
  });

  it("refuses, before anything is sent, two tests whose names would share a cassette", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-clash-"));
    const test = (name: string) =>
      JSON.stringify({ name, kind: "a2a", config: { agent_url: "http://127.0.0.1:9", smoke_message: "Hi" } });
    writeFileSync(join(dir, "one.json"), test("Smoke"));
    writeFileSync(join(dir, "two.json"), test("smoke!"));
    const r = await runCli([
      "run",
      join(dir, "one.json"),
      join(dir, "two.json"),
      "--record",
      join(dir, "cas"),
    ]);
    expect(r.code).toBe(exitCodes.usage);
    expect(r.stderr).toMatch(
      /--record .*"Smoke" \(.*one\.json\) and "smoke!" \(.*two\.json\) would share .*smoke\.cassette\.json/,
    );
    expect(r.stderr).toMatch(/give each test a name of its own/);
    expect(readdirSync(dir).sort()).toEqual(["one.json", "two.json"]);
  });

  it("keeps no credential in the cassette", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-cassette-"));
    const token = "s3cret-bearer-token-value";
    const agent = await startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0, bearerToken: [token] });
    const r = await runCli(["smoke", agent.url, "--bearer", token, "--record", dir]);
    await agent.close();
    expect(r.code).toBe(exitCodes.passed);
    for (const name of readdirSync(dir)) expect(readFileSync(join(dir, name), "utf8")).not.toContain(token);
  });
});

describe("a conversation from a cassette", () => {
  let model: ScriptedModel;
  beforeAll(async () => {
    model = await startScriptedModel(
      "openai",
      conversationScript({
        user: userSays({ 1: "Hello, this is ambiguous.", 2: "It's about a refund for order #4411." }),
        judge: judgeSays("passed"),
      }),
    );
  });
  afterAll(() => model.close());

  const converse = (url: string, extra: string[]) => [
    "converse",
    url,
    "--persona",
    "A customer charged twice",
    "--criterion",
    "The agent answers",
    "--trials",
    "2",
    "--json",
    ...extra,
  ];
  const env = () => ({
    PLAINWRIGHT_MODEL: "openai-compatible:scripted",
    PLAINWRIGHT_MODEL_BASE_URL: model.baseURL,
  });

  it("replays the simulated user and the judge without asking the model, to the same transcript and verdicts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-cassette-"));
    const agent = await recordedAgent();
    const live = await runCli(converse(agent.url, ["--record", dir]), env());
    await agent.close();
    const recorded = JSON.parse(live.stdout) as RunResult;
    expect(recorded.status, recorded.reason).toBe("passed");
    const asked = model.calls.length;
    expect(asked).toBeGreaterThan(0);
    // No model configured at all, and the agent gone: everything comes from the cassette.
    const replay = await runCli(converse(agent.url, ["--replay", dir]), { PLAINWRIGHT_MODEL: "" });
    const replayed = JSON.parse(replay.stdout) as RunResult;
    expect(replay.code, replayed.reason).toBe(exitCodes.passed);
    expect(model.calls.length).toBe(asked);
    expect(replayed.transcript?.map((t) => t.text)).toEqual(recorded.transcript?.map((t) => t.text));
    expect(replayed.verdicts?.map((v) => [v.criterion, v.met])).toEqual(
      recorded.verdicts?.map((v) => [v.criterion, v.met]),
    );
  });

  it("caches the model's replies between runs of the same prompts, unless --no-cache", async () => {
    const cache = mkdtempSync(join(tmpdir(), "pw-model-cache-"));
    const agent = await startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0 });
    const cached = { ...env(), PLAINWRIGHT_NO_CACHE: "", PLAINWRIGHT_CACHE_DIR: cache };
    try {
      const first = await runCli(converse(agent.url, []), cached);
      expect(first.code, first.stderr).toBe(exitCodes.passed);
      const asked = model.calls.length;
      const second = await runCli(converse(agent.url, []), cached);
      expect(second.code).toBe(exitCodes.passed);
      expect(model.calls.length).toBe(asked);
      await runCli(converse(agent.url, ["--no-cache"]), cached);
      expect(model.calls.length).toBeGreaterThan(asked);
    } finally {
      await agent.close();
    }
  });
});
