import { describe, expect, it } from "vitest";
import type { RunResult } from "../model/result.js";
import { renderConsole } from "./console.js";

const trial = (n: number, status: "passed" | "failed") => ({
  trial: n,
  status,
  ...(status === "failed" ? { reason: '1 of 2 criteria not met (score 0.50): "Gives a timeline"' } : {}),
  score: status === "passed" ? 1 : 0.5,
  ended: "user-done" as const,
  end_reason: "refund confirmed",
  transcript: [
    { turn: 1, role: "user" as const, text: "I was charged twice.", at: "" },
    { turn: 1, role: "agent" as const, text: "Which order?", at: "", task_state: "input-required" },
    { turn: 2, role: "user" as const, text: "Order #4411.", at: "" },
    {
      turn: 2,
      role: "agent" as const,
      text: "",
      at: "",
      error: "the message couldn't be sent: connection refused",
    },
  ],
  verdicts: [
    {
      criterion: "Confirms the refund",
      met: true,
      verdict: "passed" as const,
      supported: true,
      reasoning: "The agent confirmed it.",
      evidence: [{ turn: 1, quote: "Which order", found: true }],
    },
    {
      criterion: "Gives a timeline",
      met: status === "passed",
      verdict: status === "passed" ? ("passed" as const) : ("inconclusive" as const),
      supported: status === "passed",
      reasoning: "No timeline.",
      evidence: [{ turn: 3, quote: "in 5 days", found: status === "passed" }],
    },
  ],
  usage: { user: { input_tokens: 10, output_tokens: 5 }, judge: { input_tokens: 20, output_tokens: 8 } },
  duration_ms: 5,
  warnings: [],
});

const result: RunResult = {
  tool: { name: "plainwright", version: "9.9.9" },
  kind: "conversation",
  status: "failed",
  reason: "1/2 trials passed (50%), below the minimum pass rate of 100%",
  started_at: "2026-01-01T00:00:00.000Z",
  duration_ms: 42,
  agent_url: "http://agent.test",
  scores: { card: 1, conversation: 0.75, pass_rate: 0.5 },
  conversation: {
    persona: "A polite customer.",
    goal: "A refund.",
    criteria: ["Confirms the refund", "Gives a timeline"],
    opening_message: null,
    max_turns: 8,
    threshold: null,
    trials: 2,
    min_pass_rate: 1,
    user_model: "openai:gpt-4o-mini",
    judge_model: "openai:gpt-4o-mini",
    endpoint: "http://agent.test/rpc",
  },
  trials: [trial(1, "passed"), trial(2, "failed")],
  trial_stats: {
    count: 2,
    passed: 1,
    errors: 0,
    pass_rate: 0.5,
    wilson_95: [0.0945, 0.9055],
    pass_hat_k: { "1": 0.5, "2": 0 },
    flaky: true,
    min_pass_rate: 1,
    met_minimum: false,
  },
  usage: {
    user: { model: "openai:gpt-4o-mini", input_tokens: 1200, output_tokens: 10, cost_usd: 0.000186 },
    judge: { model: "openai:gpt-4o-mini", input_tokens: 40, output_tokens: 16, cost_usd: 0.0000156 },
    total: { input_tokens: 1240, output_tokens: 26, cost_usd: 0.0002016 },
  },
  warnings: [],
  traffic: [],
};

describe("the console's conversation section", () => {
  it("shows the transcript with verdicts for the first trial and each one not passed, then trials and usage", () => {
    expect(renderConsole(result)).toMatchInlineSnapshot(`
      "Plainwright 9.9.9 · conversation · http://agent.test

      Conversation
        Persona: A polite customer.
        Goal: A refund.
        http://agent.test/rpc · up to 8 turns · user openai:gpt-4o-mini · judge openai:gpt-4o-mini

      Transcript, trial 1 of 2 (passed, score 1.00)
         1 user   "I was charged twice."
         1 agent  "Which order?" (task input-required)
         2 user   "Order #4411."
         2 agent  ✗ the message couldn't be sent: connection refused
        ended: the user ended it: refund confirmed
      Verdicts, trial 1
        ✓ Confirms the refund
            The agent confirmed it.
            turn 1: "Which order"
        ✓ Gives a timeline
            No timeline.
            turn 3: "in 5 days"

      Transcript, trial 2 of 2 (failed, score 0.50)
         1 user   "I was charged twice."
         1 agent  "Which order?" (task input-required)
         2 user   "Order #4411."
         2 agent  ✗ the message couldn't be sent: connection refused
        ended: the user ended it: refund confirmed
      Verdicts, trial 2
        ✓ Confirms the refund
            The agent confirmed it.
            turn 1: "Which order"
        ? Gives a timeline (inconclusive, unsupported: a quote is not in the transcript)
            No timeline.
            turn 3: "in 5 days" (not found in the transcript)

      Trials  1/2 passed (50%) · 95% CI 9%–91% · pass^2 0.00 · minimum 100% · flaky
        ✓ trial 1
        ✗ trial 2  1 of 2 criteria not met (score 0.50): "Gives a timeline"

      Usage  user openai:gpt-4o-mini 1,200 in / 10 out $0.0002 · judge openai:gpt-4o-mini 40 in / 16 out $0.0000 · total $0.0002

      FAILED  1/2 trials passed (50%), below the minimum pass rate of 100%
      card 1 · conversation 0.75 · pass_rate 0.5 · 42 ms · 0 requests
      "
    `);
  });
});
