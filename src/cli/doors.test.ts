import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { conversationScript, judgeSays, userSays } from "../conversation/testing/scripts.js";
import { startScriptedModel, type ScriptedModel } from "../llm/testing/scripted-model.js";
import type { RunResult } from "../model/result.js";
import { runCli } from "./testing/run-cli.js";

// Every run kind through its two doors: the command's flags, and `run` on the test file those flags
// describe. Both build the same definition and go through the same path, so the results agree.

let agent: RunningAgent;
let model: ScriptedModel;
const dir = mkdtempSync(join(tmpdir(), "pw-doors-"));

beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "1.0", workMs: 5 });
  model = await startScriptedModel(
    "openai",
    conversationScript({ user: userSays({ 1: "Hello there." }), judge: judgeSays("passed") }),
  );
});
afterAll(async () => {
  await agent.close();
  await model.close();
});

const modelEnv = () => ({
  PLAINWRIGHT_MODEL: "openai-compatible:scripted",
  PLAINWRIGHT_MODEL_BASE_URL: model.baseURL,
});

/** What a result says about the agent, without the when, the how long and the where-from. */
function verdictOf(result: RunResult): unknown {
  const timing = (text: string | undefined) => text?.replace(/\d+(\.\d+)? ?(ms|s)\b/g, "<t>");
  return {
    kind: result.kind,
    status: result.status,
    reason: timing(result.reason),
    scores: result.kind === "load" ? undefined : result.scores,
    card: result.card && {
      found_at: result.card.found_at,
      errors: result.card.errors,
      warnings: result.card.warnings,
      strict: result.card.strict,
      signatures: result.card.signatures?.status,
    },
    endpoint: result.endpoint,
    protocol: result.protocol,
    level: result.conformance_level,
    findings: result.findings?.map((f) => `${f.id} ${f.transport ?? ""} ${f.status}`),
    smoke: result.smoke && { passed: result.smoke.passed, reply: result.smoke.reply_kind },
    conversation: result.conversation,
    verdicts: result.verdicts,
    redteam: result.redteam?.attacks.map((a) => `${a.id} ${a.successes}/${a.attempts} ${a.undecided}`),
    load: result.load && {
      settings: result.load.settings,
      completed: result.load.requests.completed,
      thresholds: result.load.thresholds.map((t) => t.expression),
    },
    warnings: result.warnings,
  };
}

async function throughFlags(args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  const r = await runCli([...args, "--json"], env);
  expect([0, 1], r.stderr).toContain(r.code);
  return JSON.parse(r.stdout) as RunResult;
}

async function throughFile(
  name: string,
  definition: object,
  env: Record<string, string> = {},
): Promise<RunResult> {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ name, ...definition }));
  const r = await runCli(["run", file, "--json"], env);
  expect([0, 1], r.stderr).toContain(r.code);
  return JSON.parse(r.stdout) as RunResult;
}

describe("the command line and a test file are one door", () => {
  it.each([
    ["card", () => ["card", agent.url], () => ({ kind: "card", config: { agent_url: agent.url } })],
    [
      "smoke",
      () => ["smoke", agent.url, "--message", "hello"],
      () => ({ kind: "smoke", config: { agent_url: agent.url, smoke_message: "hello" } }),
    ],
    [
      "conformance",
      () => ["conform", agent.url, "--category", "card,errors", "--level", "must"],
      () => ({
        kind: "conformance",
        config: { agent_url: agent.url, categories: ["card", "errors"], levels: ["MUST"] },
      }),
    ],
    [
      "conformance chosen by grep, with a forced version and concurrency",
      () => [
        "conform",
        agent.url,
        "--grep",
        "^errors\\.",
        "--grep-invert",
        "content-type",
        "--protocol",
        "1.0",
        "--concurrency",
        "3",
      ],
      () => ({
        kind: "conformance",
        config: {
          agent_url: agent.url,
          grep: "^errors\\.",
          grep_invert: "content-type",
          protocol: "1.0",
          concurrency: 3,
        },
      }),
    ],
    [
      "load",
      () => ["load", agent.url, "--requests", "6", "--concurrency", "2", "--threshold", "errors < 1%"],
      () => ({
        kind: "load",
        config: {
          agent_url: agent.url,
          load: { requests: 6, concurrency: 2, thresholds: ["errors < 1%"] },
        },
      }),
    ],
    [
      "redteam",
      () => ["redteam", agent.url, "--packs", "system-prompt-extraction", "--attempts", "1"],
      () => ({
        kind: "redteam",
        config: { agent_url: agent.url, packs: ["system-prompt-extraction"], attempts: 1 },
      }),
    ],
  ])("%s gives the same verdict from flags and from a file", async (kind, flags, file) => {
    const fromFlags = await throughFlags(flags());
    const fromFile = await throughFile(kind, file());
    expect(fromFile.name).toBe(kind);
    expect(fromFlags.name).toBeUndefined();
    expect(verdictOf(fromFile)).toEqual(verdictOf(fromFlags));
    expect(fromFile.traffic.length).toBeGreaterThan(0);
    if (kind.includes("grep")) {
      const ids = (fromFile.findings ?? []).map((f) => f.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.filter((id) => !id.startsWith("errors.") || id.includes("content-type"))).toEqual([]);
      expect(fromFile.protocol?.negotiated).toBe("1.0");
    }
  });

  it("conversation gives the same verdict from flags and from a file", async () => {
    const flags = ["converse", agent.url, "--persona", "A customer", "--criterion", "The agent answers"];
    const fromFlags = await throughFlags([...flags, "--max-turns", "1"], modelEnv());
    model.reset();
    const fromFile = await throughFile(
      "conversation",
      {
        kind: "a2a",
        config: {
          agent_url: agent.url,
          persona: "A customer",
          success_criteria: ["The agent answers"],
          max_turns: 1,
        },
      },
      modelEnv(),
    );
    expect(fromFlags.status, fromFlags.reason).toBe("passed");
    expect(verdictOf(fromFile)).toEqual(verdictOf(fromFlags));
  });

  it("a file key of another kind is named, as a flag the command does not have would be", async () => {
    const r = await runCli([
      "run",
      writeDefinition({ kind: "smoke", config: { agent_url: agent.url, packs: ["jailbreak"] } }),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'config.packs is read by redteam tests; a test of kind "smoke" would ignore it',
    );
  });
});

function writeDefinition(definition: object): string {
  const file = join(dir, "foreign.json");
  writeFileSync(file, JSON.stringify({ name: "foreign", ...definition }));
  return file;
}
