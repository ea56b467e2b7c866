import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type AgentProtocol, type RunningAgent } from "../agent/index.js";
import { createClient } from "../client/create-client.js";
import { createModelClient } from "../llm/ai-sdk-client.js";
import { resolveModelConfig } from "../llm/model-config.js";
import { startScriptedModel, type ScriptedModel } from "../llm/testing/scripted-model.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { TrafficLog } from "../net/traffic.js";
import { runConversation, type ConversationContext } from "./run-conversation.js";
import { conversationScript, judgeSays, userSays, type ConversationScript } from "./testing/scripts.js";
import type { ConversationSpec } from "./types.js";

const agents: RunningAgent[] = [];
let model: ScriptedModel;
let script: ConversationScript;

beforeAll(async () => {
  model = await startScriptedModel("openai", (call) => conversationScript(script)(call));
});
afterEach(() => {
  model.reset();
});
afterAll(async () => {
  await model.close();
  await Promise.all(agents.map((a) => a.close()));
});

async function agent(protocol: AgentProtocol): Promise<RunningAgent> {
  const a = await startReferenceAgent({ port: 0, protocol, workMs: 10 });
  agents.push(a);
  return a;
}

const spec = (over: Partial<ConversationSpec> = {}): ConversationSpec => ({
  persona: "A customer who was charged twice and writes short, polite messages.",
  goal: "Get the duplicate charge for order #4411 refunded.",
  criteria: ["The agent confirms the refund", "The agent gives a timeline for the refund"],
  opening: "Hi, I was charged twice for order #4411. Can one of them be refunded?",
  maxTurns: 4,
  trials: 1,
  minPassRate: 1,
  ...over,
});

function context(a: RunningAgent, s: ConversationSpec, traffic = new TrafficLog()) {
  const env = { PLAINWRIGHT_MODEL_BASE_URL: model.baseURL, PLAINWRIGHT_MODEL_TIMEOUT_S: "2" };
  const llm = (role: "user" | "judge") =>
    createModelClient(resolveModelConfig(role, { model: "openai-compatible:scripted" }, env), {
      retry: { baseMs: 5 },
    });
  const client = createClient(
    { url: `${a.url}/a2a/jsonrpc`, binding: "JSONRPC", generation: a.protocol },
    { headers: {}, timeoutMs: 5000, policy: commandLinePolicy, traffic },
  );
  const ctx: ConversationContext = {
    client,
    traffic,
    spec: s,
    user: llm("user"),
    judge: llm("judge"),
    pollIntervalMs: 20,
  };
  return { ctx, traffic };
}

type Params = { message: { contextId?: string; taskId?: string; parts: { text: string }[] } };

describe.each(["1.0", "0.3"] as const)("a conversation with the reference agent (A2A %s)", (protocol) => {
  it("opens with opening_message, continues an input-required task, reuses the contextId, and is judged", async () => {
    const a = await agent(protocol);
    script = {
      user: userSays({ 2: "Sorry, this is ambiguous: I mean the card payment.", 3: "It's about a refund." }),
      judge: judgeSays("passed"),
    };
    const { ctx, traffic } = context(a, spec());
    const out = await runConversation(ctx);
    expect(out.status, out.reason).toBe("passed");
    const [trial] = out.trials;
    expect(trial?.ended).toBe("user-done");
    const t = trial!.transcript;
    expect(t.map((e) => `${e.turn} ${e.role}`)).toEqual([
      "1 user",
      "1 agent",
      "2 user",
      "2 agent",
      "3 user",
      "3 agent",
    ]);
    expect(t[0]?.text).toBe(spec().opening);
    expect(t[3]).toMatchObject({ task_state: "input-required" });
    expect(t[3]?.text).toMatch(/charge on your invoice, a refund, or your account/);
    expect(t[5]).toMatchObject({ task_state: "completed", task_id: t[3]?.task_id });

    const sends = traffic
      .entries()
      .map((e) => JSON.parse(e.request_body ?? "{}") as { method?: string; params: Params })
      .filter((body) => body.method === "SendMessage" || body.method === "message/send")
      .map((body) => body.params.message);
    expect(sends).toHaveLength(3);
    expect(sends[0]?.contextId).toBeUndefined();
    expect(sends[1]?.contextId).toBe(t[1]?.context_id);
    expect(sends[2]?.contextId).toBe(t[1]?.context_id);
    expect(sends[1]?.taskId).toBeUndefined();
    expect(sends[2]?.taskId).toBe(t[3]?.task_id);
    expect(sends.every((m) => m.parts.length === 1)).toBe(true);

    expect(trial?.verdicts.map((v) => [v.met, v.verdict])).toEqual([
      [true, "passed"],
      [true, "passed"],
    ]);
    expect(trial?.verdicts[0]?.evidence[0]).toMatchObject({ turn: 1, found: true });
    expect(out.score).toBe(1);
    const userCalls = model.calls.filter((c) => c.role === "user");
    expect(userCalls.map((c) => c.temperature)).toEqual([0.7, 0.7, 0.7]);
    expect(model.calls.find((c) => c.role === "judge")?.temperature).toBe(0);
    expect(model.calls.every((c) => c.jsonMode === "json_schema")).toBe(true);
  });
});

describe("a conversation's edges", () => {
  it("stops at max_turns, and a criterion judged inconclusive is not met", async () => {
    const a = await agent("1.0");
    script = {
      user: (turn) => ({ message: `Message number ${turn}`, done: false, reason: "continue" }),
      judge: judgeSays(["passed", "inconclusive"]),
    };
    const { ctx } = context(a, spec({ maxTurns: 2, criteria: ["a", "b", "c"] }));
    const out = await runConversation(ctx);
    const trial = out.trials[0]!;
    expect(trial.ended).toBe("max-turns");
    expect(trial.transcript.filter((e) => e.role === "user")).toHaveLength(2);
    expect(trial.verdicts.map((v) => v.verdict)).toEqual(["passed", "inconclusive", "inconclusive"]);
    expect(out.status).toBe("failed");
    expect(out.reason).toMatch(/2 of 3 criteria not met \(score 0.33\)/);
  });

  it("passes on the threshold when not every criterion is met", async () => {
    const a = await agent("1.0");
    script = { user: userSays({}), judge: judgeSays(["passed", "passed", "failed"]) };
    const { ctx } = context(a, spec({ criteria: ["a", "b", "c"], threshold: 0.6 }));
    const out = await runConversation(ctx);
    expect(out.status).toBe("passed");
    expect(out.trials[0]?.score).toBeCloseTo(2 / 3);
  });

  it("asks again once when the user model sends an empty message, quits while asked, or repeats the opening", async () => {
    const a = await agent("1.0");
    const replies = [
      { message: "", done: false, reason: "?" },
      { message: "This is ambiguous.", done: false, reason: "continue" },
      { message: "", done: true, reason: "bye" },
      { message: "A refund please.", done: false, reason: "continue" },
      { message: spec().opening!, done: false, reason: "again" },
      { message: "", done: true, reason: "the goal is reached" },
    ];
    let call = 0;
    script = { user: () => replies[call++]!, judge: judgeSays("passed") };
    const { ctx } = context(a, spec());
    const out = await runConversation(ctx);
    const users = out.trials[0]!.transcript.filter((e) => e.role === "user").map((e) => e.text);
    expect(users).toEqual([spec().opening, "This is ambiguous.", "A refund please."]);
    expect(out.trials[0]?.end_reason).toBe("the goal is reached");
    const notes = model.calls
      .filter((c) => c.role === "user")
      .map((c) => /Note: (.*)/.exec(c.prompt)?.[1] ?? "");
    expect(notes).toEqual([
      "",
      "your message was empty. Write your next message.",
      "",
      "the agent asked you something. Answer it, unless your goal is clearly impossible.",
      "",
      "you already sent that message. Write something new that moves toward your goal.",
    ]);
  });

  it("is an error naming the model call when the user model refuses, keeping the transcript so far", async () => {
    const a = await agent("1.0");
    model.inject({ refusal: "I won't role-play." }, "user");
    script = { user: userSays({}), judge: judgeSays("passed") };
    const { ctx } = context(a, spec());
    const out = await runConversation(ctx);
    expect(out.status).toBe("error");
    expect(out.reason).toMatch(/the simulated user call to openai-compatible:scripted: the model refused/);
    expect(out.trials[0]?.transcript.map((e) => e.role)).toEqual(["user", "agent"]);
    expect(model.calls.some((c) => c.role === "judge")).toBe(false);
  });

  it("is an error when the judge returns invalid JSON twice", async () => {
    const a = await agent("0.3");
    model.inject({ text: "{ not json" }, "judge");
    model.inject({ text: "still not json" }, "judge");
    script = { user: userSays({}), judge: judgeSays("passed") };
    const { ctx } = context(a, spec());
    const out = await runConversation(ctx);
    expect(out.status).toBe("error");
    expect(out.reason).toMatch(/the judge call to .* returned invalid JSON twice/);
    expect(out.trials[0]?.transcript).toHaveLength(2);
  });

  it("shows the failure turn when the agent stops answering, and still asks the judge", async () => {
    const a = await agent("1.0");
    script = { user: userSays({ 2: "Are you still there?" }), judge: judgeSays("failed") };
    const { ctx } = context(a, spec());
    ctx.onEvent = (event) => {
      if (event.type === "turn-received" && event.entry.turn === 1) void a.close();
    };
    const out = await runConversation(ctx);
    const trial = out.trials[0]!;
    expect(trial.ended).toBe("agent-error");
    expect(trial.transcript.at(-1)).toMatchObject({ turn: 2, role: "agent", text: "" });
    expect(trial.transcript.at(-1)?.error).toMatch(/couldn't be sent/);
    const judgeCall = model.calls.find((c) => c.role === "judge");
    expect(judgeCall?.prompt).toMatch(/Turn 2, agent: \(no reply: the message couldn't be sent/);
    expect(out.status).toBe("failed");
  });

  it("asks a judge that numbers criteria its own way once more, then reports a judge error, never a pass", async () => {
    const a = await agent("1.0");
    script = { user: userSays({}), judge: judgeSays("passed", (i) => `criterion_${i}`) };
    const { ctx } = context(a, spec({ threshold: 0, minPassRate: 0 }));
    const out = await runConversation(ctx);
    expect(out.status).toBe("error");
    expect(out.trials[0]?.status).toBe("error");
    expect(out.reason).toMatch(/the judge call to .* returned invalid JSON twice/);
    expect(out.reason).toMatch(/criterion_2 no verdict was given for this criterion/);
    expect(out.reason).toMatch(/criterion_0/);
    expect(out.trials[0]?.verdicts).toEqual([]);
    expect(model.calls.filter((c) => c.role === "judge")).toHaveLength(2);
    expect(model.calls.find((c) => c.role === "judge")?.prompt).toMatch(/^criterion_1: The agent confirms/m);
  });

  it("uses the judge's second reply when the first left a criterion out", async () => {
    const a = await agent("1.0");
    const onlyFirst = { criterion_1: { reasoning: "Confirmed.", evidence: [], verdict: "passed" } };
    model.inject({ json: { verdicts: onlyFirst } }, "judge");
    script = { user: userSays({}), judge: judgeSays("passed") };
    const { ctx } = context(a, spec());
    const out = await runConversation(ctx);
    expect(out.status, out.reason).toBe("passed");
    const judgeCalls = model.calls.filter((c) => c.role === "judge");
    expect(judgeCalls).toHaveLength(2);
    expect(judgeCalls[1]?.prompt).toMatch(/That reply is invalid: .*criterion_2 no verdict was given/);
  });

  it("is a judge error when the judge omits a verdict twice, whatever the threshold and minimum pass rate", async () => {
    const a = await agent("1.0");
    script = {
      user: userSays({}),
      judge: (call) => {
        const { criterion_1: first } = judgeSays("passed")(call).verdicts;
        return { verdicts: { criterion_1: first! } };
      },
    };
    const { ctx } = context(a, spec({ threshold: 0, minPassRate: 0, trials: 2 }));
    const out = await runConversation(ctx);
    expect(out.trials.map((t) => t.status)).toEqual(["error", "error"]);
    expect(out.status).toBe("error");
    expect(out.reason).toMatch(/^trial 1: the judge call .*criterion_2 no verdict was given/);
    expect(out.stats).toMatchObject({ passed: 0, errors: 2 });
  });

  it("marks a verdict whose quote is not in the transcript as unsupported and does not count it as met", async () => {
    const a = await agent("1.0");
    script = {
      user: userSays({}),
      judge: (call) => {
        const reply = judgeSays("passed")(call);
        reply.verdicts.criterion_2!.evidence = [{ turn: 1, quote: "Your refund will arrive within 3 days" }];
        return reply;
      },
    };
    const { ctx } = context(a, spec());
    const out = await runConversation(ctx);
    const [first, second] = out.trials[0]!.verdicts;
    expect(first).toMatchObject({ verdict: "passed", supported: true, met: true });
    expect(second).toMatchObject({ verdict: "passed", supported: false, met: false });
    expect(second?.evidence[0]).toMatchObject({
      quote: "Your refund will arrive within 3 days",
      found: false,
    });
    expect(out.status).toBe("failed");
    expect(out.reason).toMatch(
      /1 of 2 criteria not met .*"The agent gives a timeline for the refund" \(unsupported\)/,
    );
  });

  it("names a refusal by the judge as a refusal", async () => {
    const a = await agent("1.0");
    model.inject({ refusal: "I can't grade this conversation." }, "judge");
    script = { user: userSays({}), judge: judgeSays("passed") };
    const { ctx } = context(a, spec());
    const out = await runConversation(ctx);
    expect(out.status).toBe("error");
    expect(out.reason).toMatch(/the judge call to .*: the model refused: "I can't grade this conversation."/);
  });

  it("runs trials concurrently and reports the pass rate, pass^k and the flaky flag", async () => {
    const a = await agent("1.0");
    let judged = 0;
    script = {
      user: userSays({}),
      judge: (call) => judgeSays(++judged === 2 ? "failed" : "passed")(call),
    };
    const { ctx } = context(a, spec({ trials: 3 }));
    const out = await runConversation(ctx);
    expect(out.trials.map((t) => t.trial)).toEqual([1, 2, 3]);
    expect(out.stats).toMatchObject({ count: 3, passed: 2, flaky: true, met_minimum: false });
    expect(out.stats.pass_hat_k).toEqual({ "1": 0.6667, "2": 0.3333, "3": 0 });
    expect(out.status).toBe("failed");
    expect(out.reason).toBe("2/3 trials passed (67%), below the minimum pass rate of 100%");
    judged = 0;
    const lenient = await runConversation({ ...ctx, spec: spec({ trials: 3, minPassRate: 0.6 }) });
    expect(lenient.status).toBe("passed");
  });

  it("is an error of the trial, never graded, when the simulated user is done before sending any message", async () => {
    const a = await agent("1.0");
    script = { user: userSays({}, "nothing to ask"), judge: judgeSays("passed") };
    const { ctx } = context(a, spec({ opening: undefined }));
    const out = await runConversation(ctx);
    expect(out.status).toBe("error");
    expect(out.trials[0]).toMatchObject({ status: "error", score: null, transcript: [] });
    expect(out.reason).toMatch(
      /ended the conversation before sending any message \(it said "nothing to ask"\)/,
    );
    // Asked once more, told it has sent nothing yet; the judge never sees an empty transcript.
    const notes = model.calls.filter((c) => c.role === "user").map((c) => /Note: (.*)/.exec(c.prompt)?.[1]);
    expect(notes).toEqual([
      undefined,
      "you have not sent any message yet. Write your first message to the agent.",
    ]);
    expect(model.calls.some((c) => c.role === "judge")).toBe(false);
  });

  it("stops after the first trial whose model cannot be reached, and says so once, naming the model's URL", async () => {
    const a = await agent("1.0");
    // A port nothing listens on: the model's server is down.
    const down = await new Promise<string>((resolve) => {
      const probe = createServer();
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(`http://127.0.0.1:${port}/v1`));
      });
    });
    const env = { PLAINWRIGHT_MODEL_BASE_URL: down, PLAINWRIGHT_MODEL_TIMEOUT_S: "5" };
    const { ctx } = context(a, spec({ opening: undefined, trials: 5 }));
    const user = createModelClient(resolveModelConfig("user", { model: "openai-compatible:x" }, env), {
      retry: { baseMs: 5 },
    });
    // Three trials at a time: the two that would start beside the first wait for its model call, and do not start.
    const out = await runConversation({ ...ctx, user, concurrency: 3 });
    expect(out.status).toBe("error");
    expect(out.trials).toHaveLength(1);
    expect(out.reason).toContain(`the model openai-compatible:x at ${down} cannot be reached`);
    expect(out.reason).toMatch(/check that it is running/);
    expect(model.calls).toEqual([]);
  });

  it("after an interrupt, grades no unfinished trial and starts no new one", async () => {
    const a = await agent("1.0");
    script = { user: userSays({ 2: "Are you still there?", 3: "Hello?" }), judge: judgeSays("passed") };
    const controller = new AbortController();
    const { ctx } = context(a, spec({ trials: 3 }));
    // Stopped as the first agent reply arrives: every trial is in its conversation, none has ended.
    ctx.onEvent = (event) => {
      if (event.type === "turn-received") controller.abort(new Error("interrupted by SIGINT"));
    };
    const out = await runConversation({ ...ctx, signal: controller.signal, concurrency: 1 });
    expect(out.trials).toHaveLength(1);
    expect(out.trials[0]).toMatchObject({ ended: "interrupted", status: "error", score: null, verdicts: [] });
    expect(out.status).toBe("error");
    expect(out.reason).toMatch(/interrupted: 0 of 3 trials finished/);
    expect(out.stats.count).toBe(0);
    expect(model.calls.some((c) => c.role === "judge")).toBe(false);
  });
});
