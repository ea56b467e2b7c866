import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { conversationScript, judgeSays, userSays } from "../conversation/testing/scripts.js";
import type { VerdictValue } from "../model/conversation.js";
import { startScriptedModel, type ScriptedModel } from "../llm/testing/scripted-model.js";

// The real CLI as a subprocess (built by `npm test` first) against the reference agent and a scripted model.
const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

function cli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/MODEL|API_KEY|BASE_URL/.test(k)),
    );
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...clean, NO_COLOR: "1", PLAINWRIGHT_NO_CACHE: "1", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 99) : 0, stdout, stderr });
      },
    );
  });
}

let agent: RunningAgent;
let model: ScriptedModel;
let verdict: VerdictValue = "passed";
const dir = mkdtempSync(join(tmpdir(), "pw-converse-"));

beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "1.0", workMs: 5 });
  model = await startScriptedModel(
    "openai",
    conversationScript({
      user: userSays({ 1: "Hello, this is ambiguous.", 2: "It's about a refund for order #4411." }),
      judge: (call) => judgeSays(verdict)(call),
    }),
  );
});
afterEach(() => {
  model.reset();
  verdict = "passed";
});
afterAll(async () => {
  await agent.close();
  await model.close();
});

const env = () => ({
  PLAINWRIGHT_MODEL: "openai-compatible:scripted",
  PLAINWRIGHT_MODEL_BASE_URL: model.baseURL,
});
const converse = (extra: string[] = []) => [
  "converse",
  agent.url,
  "--persona",
  "A customer charged twice",
  "--criterion",
  "The agent answers",
  "--criterion",
  "The agent asks which topic",
  ...extra,
];

describe("plainwright converse", () => {
  it("holds the conversation and prints the transcript with a verdict per criterion", async () => {
    const r = await cli(converse(), env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /Transcript\n +1 user +"Hello, this is ambiguous."\n +1 agent +".*" \(task input-required\)/,
    );
    expect(r.stdout).toMatch(/Verdicts\n +✓ The agent answers/);
    expect(r.stdout).toMatch(/PASSED/);
    expect(r.stderr).toMatch(/turn 2 user  "It's about a refund for order #4411."/);
  });

  it("--json prints only the result, with every trial and the pass-rate statistics", async () => {
    const r = await cli(converse(["--json", "--trials", "2", "--max-turns", "3"]), env());
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as {
      status: string;
      kind: string;
      trials: unknown[];
      trial_stats: { count: number; pass_rate: number };
      scores: Record<string, number>;
      usage: { total: { input_tokens: number } };
    };
    expect(result).toMatchObject({
      status: "passed",
      kind: "conversation",
      trial_stats: { count: 2, pass_rate: 1 },
    });
    expect(result.trials).toHaveLength(2);
    expect(result.scores).toMatchObject({ conversation: 1, pass_rate: 1 });
    expect(result.usage.total.input_tokens).toBeGreaterThan(0);
    expect(r.stderr).toBe("");
  });

  it("exits 1 when the judge finds a criterion not met", async () => {
    verdict = "failed";
    const r = await cli(converse(), env());
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAILED\s+2 of 2 criteria not met/);
  });

  it("exits 2 and says how to configure a model when none is", async () => {
    const r = await cli(converse());
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(
      /no model configured for the simulated user: pass --model provider:name or set PLAINWRIGHT_MODEL/,
    );
  });

  it("takes --model, and retries the model after a 429", async () => {
    model.inject({ status: 429, retryAfter: "0" }, "judge");
    const r = await cli(converse(["--model", "openai-compatible:other"]), {
      PLAINWRIGHT_MODEL_BASE_URL: model.baseURL,
    });
    expect(r.code, r.stdout).toBe(0);
    expect(model.calls.filter((c) => c.role === "judge")).toHaveLength(2);
    expect(model.calls.every((c) => c.model === "other")).toBe(true);
    // The wait is said on stderr as it happens (429 retries were silent).
    expect(r.stderr).toContain("the judge grades 2 criteria");
    expect(r.stderr).toContain("429 from the model openai-compatible:other, retrying in 0 ms (retry 1)");
  });

  it.each([
    [["--max-turns", "0"], /--max-turns 0: must be from 1 to 50/],
    [["--max-turns", "1000"], /--max-turns 1000: must be from 1 to 50/],
    [["--trials", "0"], /--trials 0: must be from 1 to 100/],
    [["--threshold", "2"], /--threshold 2: must be above 0, at most 1/],
    [["--threshold", "0"], /--threshold 0: .*0 is a pass that cannot fail/],
    [["--min-pass-rate", "0"], /--min-pass-rate 0: .*0 is a pass that cannot fail/],
  ])("exits 64 for %j", async (extra, message) => {
    const r = await cli(converse(extra), env());
    expect(r.code).toBe(64);
    expect(r.stderr).toMatch(message);
  });

  it("exits 64 without a criterion or a goal", async () => {
    const r = await cli(["converse", agent.url, "--persona", "someone"], env());
    expect(r.code).toBe(64);
    expect(r.stderr).toMatch(/converse needs --criterion \(repeatable\) or --goal/);
  });
});

describe("plainwright run with a conversation test", () => {
  it("runs a conversation example of docs/test-files.md once a model is configured", async () => {
    const file = join(dir, "a2a-conversation-test.json");
    writeFileSync(
      file,
      JSON.stringify({
        module_id: "<module-id>",
        name: "Helpdesk agent handles a refund",
        kind: "a2a",
        natural_language: "The helpdesk agent refunds a duplicate charge and explains the timeline.",
        config: {
          agent_url: agent.url,
          headers: { Authorization: "Bearer {{secrets.AGENT_TOKEN}}" },
          timeout_s: 90,
          persona: "A customer who was charged twice and writes short, polite messages.",
          goal: "Get the duplicate charge for order #4411 refunded.",
          opening_message: "Hi, I was charged twice for order #4411. Can one of them be refunded?",
          success_criteria: ["The agent confirms the refund", "The agent gives a timeline for the refund"],
          max_turns: 4,
        },
      }),
    );
    const r = await cli(["run", file], { ...env(), PLAINWRIGHT_SECRET_AGENT_TOKEN: "tok-123456789" });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/Helpdesk agent handles a refund/);
    expect(r.stdout).toMatch(/ 1 user +"Hi, I was charged twice for order #4411/);
    expect(r.stdout).toMatch(/✓ The agent gives a timeline for the refund/);
    expect(r.stdout).not.toContain("tok-123456789");
  });
});
