import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { conversationScript, judgeSays, userSays } from "../conversation/testing/scripts.js";
import { startScriptedModel, type ScriptedModel } from "../llm/testing/scripted-model.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import type { RunResult } from "../model/result.js";
import { runTestDefinition, type TestRunOptions } from "./run-test.js";
import { parseTestDefinition } from "./test-definition.js";

// A conversation example of docs/test-files.md, pointed at the reference agent.
const seedExample = (agentUrl: string, config: Record<string, unknown> = {}) => ({
  module_id: "<module-id>",
  name: "Helpdesk agent handles a refund",
  kind: "a2a",
  natural_language: "The helpdesk agent refunds a duplicate charge and explains the timeline.",
  config: {
    agent_url: agentUrl,
    headers: { Authorization: "Bearer {{secrets.AGENT_TOKEN}}" },
    timeout_s: 90,
    persona: "A customer who was charged twice and writes short, polite messages.",
    goal: "Get the duplicate charge for order #4411 refunded.",
    opening_message: "Hi, I was charged twice for order #4411. Can one of them be refunded?",
    success_criteria: ["The agent confirms the refund", "The agent gives a timeline for the refund"],
    max_turns: 4,
    ...config,
  },
});

const token = "agent-token-5f4e3d";
const agents: RunningAgent[] = [];
let openai: ScriptedModel;
let anthropic: ScriptedModel;

beforeAll(async () => {
  const script = conversationScript({
    user: userSays({ 2: "When will I see the money?" }),
    judge: judgeSays("passed"),
  });
  openai = await startScriptedModel("openai", script);
  anthropic = await startScriptedModel("anthropic", script);
});
afterEach(() => {
  openai.reset();
  anthropic.reset();
});
afterAll(async () => {
  await Promise.all([openai.close(), anthropic.close(), ...agents.map((a) => a.close())]);
});

async function agent(flaw?: string, protocol: "1.0" | "0.3" = "1.0"): Promise<RunningAgent> {
  const a = await startReferenceAgent({ port: 0, protocol, workMs: 5, ...(flaw ? { flaw } : {}) });
  agents.push(a);
  return a;
}

function run(
  test: unknown,
  env: Record<string, string>,
  over: Partial<TestRunOptions> = {},
): Promise<RunResult> {
  return runTestDefinition(parseTestDefinition(test, "seed.json"), {
    secrets: { values: { AGENT_TOKEN: token }, env: {} },
    policy: commandLinePolicy,
    pollIntervalMs: 20,
    env,
    ...over,
  });
}

const scripted = () => ({
  PLAINWRIGHT_MODEL: "openai-compatible:scripted",
  PLAINWRIGHT_MODEL_BASE_URL: openai.baseURL,
});

describe("a conversation test run", () => {
  it("runs a conversation example of docs/test-files.md as is and builds the result", async () => {
    const a = await agent();
    const result = await run(seedExample(a.url), scripted());
    expect(result.status, result.reason).toBe("passed");
    expect(result.kind).toBe("conversation");
    expect(result.scores).toEqual({ card: 1, conversation: 1, pass_rate: 1 });
    expect(result.card?.found_at).toBe(`${a.url}/.well-known/agent-card.json`);
    expect(result.transcript?.map((e) => `${e.turn} ${e.role}`)).toEqual([
      "1 user",
      "1 agent",
      "2 user",
      "2 agent",
    ]);
    expect(result.verdicts?.map((v) => v.criterion)).toEqual([
      "The agent confirms the refund",
      "The agent gives a timeline for the refund",
    ]);
    expect(result.trials).toHaveLength(1);
    expect(result.trial_stats).toMatchObject({ count: 1, passed: 1, flaky: false });
    expect(result.conversation).toMatchObject({
      max_turns: 4,
      trials: 1,
      user_model: "openai-compatible:scripted",
    });
    expect(result.usage?.user.input_tokens).toBeGreaterThan(0);
    expect(result.usage?.judge.output_tokens).toBeGreaterThan(0);
    expect(result.usage?.total.cost_usd).toBeUndefined();
    expect(JSON.stringify(result)).not.toContain(token);
  });

  it("is an error that says how to configure a model when none is", async () => {
    const a = await agent();
    const result = await run(seedExample(a.url), {});
    expect(result.status).toBe("error");
    expect(result.reason).toMatch(
      /^no model configured for the simulated user: pass --model provider:name or set PLAINWRIGHT_MODEL/,
    );
    expect(result.traffic).toEqual([]);
  });

  it("counts cost for a priced model and never shows its API key", async () => {
    const a = await agent();
    const key = "sk-secret-key-0123456789";
    const result = await run(seedExample(a.url), {
      PLAINWRIGHT_MODEL: "openai:gpt-4o-mini",
      OPENAI_BASE_URL: openai.baseURL,
      OPENAI_API_KEY: key,
    });
    expect(result.status).toBe("passed");
    expect(result.usage?.total.cost_usd).toBeGreaterThan(0);
    expect(JSON.stringify(result)).not.toContain(key);
  });

  it("plays the user on Anthropic's API and judges on an OpenAI-compatible one", async () => {
    const a = await agent(undefined, "0.3");
    const result = await run(seedExample(a.url), {
      PLAINWRIGHT_USER_MODEL: "anthropic:claude-scripted",
      PLAINWRIGHT_JUDGE_MODEL: "openai-compatible:judge",
      ANTHROPIC_BASE_URL: anthropic.baseURL,
      ANTHROPIC_API_KEY: "anthropic-key",
      OPENAI_BASE_URL: openai.baseURL,
    });
    expect(result.status, result.reason).toBe("passed");
    expect(anthropic.calls.map((c) => c.role)).toEqual(["user", "user"]);
    expect(openai.calls.map((c) => c.role)).toEqual(["judge"]);
    expect(result.conversation).toMatchObject({
      user_model: "anthropic:claude-scripted",
      judge_model: "openai-compatible:judge",
    });
  });

  it("fails on a card error with strict_card even though the conversation passed", async () => {
    const a = await agent("card-missing-name");
    const strict = await run(seedExample(a.url), scripted());
    expect(strict.status).toBe("failed");
    expect(strict.reason).toMatch(/the card has 1 error/);
    expect(strict.scores).toMatchObject({ card: 0, conversation: 1 });
    const lenient = await run(seedExample(a.url, { strict_card: false }), scripted());
    expect(lenient.status).toBe("passed");
  });

  it.each(["tasks-send-only", "stream-reply-to-send", "message-reply"])(
    "holds the conversation with an agent that has the %s quirk",
    async (flaw) => {
      const a = await agent(flaw);
      const result = await run(seedExample(a.url), scripted());
      expect(result.status, result.reason).toBe("passed");
      expect(result.transcript?.filter((e) => e.role === "agent").every((e) => e.text !== "")).toBe(true);
    },
  );

  it("shows a failed task as the failure turn and still asks the judge", async () => {
    const a = await agent("task-fails");
    const result = await run(seedExample(a.url), { ...scripted() });
    expect(result.transcript?.at(-1)).toMatchObject({ role: "agent", task_state: "failed" });
    expect(result.transcript?.at(-1)?.error).toMatch(/^the task failed/);
    expect(result.trials?.[0]?.ended).toBe("agent-error");
    expect(openai.calls.some((c) => c.role === "judge")).toBe(true);
  });

  it("is an error naming the model call when the model hangs, keeping the transcript so far", async () => {
    const a = await agent();
    openai.inject({ hang: true }, "user");
    const result = await run(seedExample(a.url), { ...scripted(), PLAINWRIGHT_MODEL_TIMEOUT_S: "0.5" });
    expect(result.status).toBe("error");
    expect(result.reason).toMatch(
      /the simulated user call to openai-compatible:scripted timed out after 0.5 s/,
    );
    expect(result.transcript).toHaveLength(2);
  });
});

describe("conversation settings in a test file", () => {
  it.each([
    [{ max_turns: 0 }, /config.max_turns must be from 1 to 50, got 0/],
    [{ max_turns: 1000 }, /config.max_turns must be from 1 to 50, got 1000/],
    [{ trials: 0 }, /config.trials must be from 1 to 100, got 0/],
    [{ threshold: 1.5 }, /config.threshold must be above 0, at most 1, got 1.5/],
    [{ min_pass_rate: -1 }, /config.min_pass_rate must be above 0 \(0 is a pass that cannot fail\)/],
    [{ threshold: 0 }, /config.threshold must be above 0 \(0 is a pass that cannot fail\)/],
    [{ min_pass_rate: 0 }, /config.min_pass_rate must be above 0/],
    [{ success_criteria: [] }, /config.success_criteria must list at least one criterion/],
    [{ agent_url: undefined }, /config.agent_url is required: a conversation .* needs an agent to talk to/],
  ])("rejects %j with an error naming the field", (config, message) => {
    expect(() => parseTestDefinition(seedExample("http://127.0.0.1:1", config), "seed.json")).toThrow(
      message,
    );
  });
});

describe("a conversation test whose agent is a target", () => {
  const targetTest = (agentUrl: string) => {
    const { config } = seedExample(agentUrl);
    const { agent_url: _url, headers: _headers, ...conversation } = config;
    return {
      name: "Target only",
      kind: "conversation",
      target: { type: "a2a", agent_url: agentUrl, headers: { "X-Team": "support" } },
      config: conversation,
    };
  };

  it("uses the card only to find the endpoint: a card error does not fail the run", async () => {
    const a = await agent("card-missing-name");
    const result = await run(targetTest(a.url), scripted());
    expect(result.status, result.reason).toBe("passed");
    expect(result.card?.errors).toEqual([]);
    expect(result.endpoint?.url).toBe(`${a.url}/a2a/jsonrpc`);
    expect(result.traffic.some((t) => t.request_headers["X-Team"] === "support")).toBe(true);
  });

  it("falls back to the agent URL when no card is found", async () => {
    const a = await agent("card-under-subpath", "0.3");
    const result = await run(targetTest(`${a.url}/support/a2a/jsonrpc`), scripted());
    expect(result.endpoint?.url).toBe(`${a.url}/support/a2a/jsonrpc`);
    expect(result.status, result.reason).toBe("passed");
  });

  it("rejects a conversation test without a valid target, or without conversation settings", () => {
    expect(() =>
      parseTestDefinition({ name: "x", kind: "conversation", config: { goal: "g" } }, "t.json"),
    ).toThrow(/t.json: target must be \{"type": "a2a"/);
    expect(() =>
      parseTestDefinition(
        { name: "x", kind: "conversation", target: { type: "a2a", agent_url: "http://a" }, config: {} },
        "t.json",
      ),
    ).toThrow(/needs config.persona, config.goal or config.success_criteria/);
  });
});
