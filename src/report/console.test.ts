import { describe, expect, it } from "vitest";
import type { RunResult } from "../model/result.js";
import { renderConsole, renderSummary } from "./console.js";
import { colourStyle } from "./style.js";

const result: RunResult = {
  tool: { name: "plainwright", version: "9.9.9" },
  kind: "a2a",
  status: "failed",
  reason: 'the card has 1 error: skills[1].id "x" is a duplicate of skills[0].id',
  started_at: "2026-01-01T00:00:00.000Z",
  duration_ms: 42,
  agent_url: "http://agent.test",
  scores: { card: 0, smoke: 1 },
  card: {
    found_at: "http://agent.test/.well-known/agent.json",
    tried: [
      { url: "http://agent.test/.well-known/agent-card.json", outcome: "HTTP 404", http_status: 404, ms: 3 },
      { url: "http://agent.test/.well-known/agent.json", outcome: "found", http_status: 200, ms: 2 },
    ],
    protocol_version: "0.3.0",
    name: "Helpdesk",
    version: "1.0.0",
    description: "Answers questions.",
    transport: "JSONRPC",
    errors: [{ path: "skills[1].id", message: 'skills[1].id "x" is a duplicate of skills[0].id' }],
    warnings: [{ path: "provider", message: "no organization" }],
    skills: [{ id: "x", name: "X", description: "d", tags: [], examples: [] }],
    strict: true,
  },
  endpoint: {
    url: "http://agent.test/rpc",
    transport: "JSONRPC",
    reason: "card url",
    rewritten_from: "http://localhost:1/rpc",
  },
  smoke: {
    request: { method: "message/send", params: { message: { parts: [{ text: "Hello" }] } } },
    reply_kind: "task",
    task_state: "completed",
    text: "Hi!",
    passed: true,
    polls: 1,
  },
  warnings: ["a fallback happened"],
  traffic: [],
};

describe("renderConsole", () => {
  it("shows what was tried, what was found, each issue once with its path, and a one-line verdict", () => {
    expect(renderConsole(result)).toMatchInlineSnapshot(`
      "Plainwright 9.9.9 · a2a · http://agent.test

      Agent card
        · http://agent.test/.well-known/agent-card.json → HTTP 404
        ✓ found at http://agent.test/.well-known/agent.json
        Helpdesk 1.0.0 · A2A 0.3.0 · JSONRPC
        "Answers questions."
        Skills: x
        ✗ error    skills[1].id "x" is a duplicate of skills[0].id
        ! warning  provider: no organization

      Endpoint
        http://agent.test/rpc (JSONRPC, card url)
        rewritten from http://localhost:1/rpc: the card names a loopback address

      Smoke check
        → message/send "Hello"
        ← task completed after 1 poll: "Hi!"
        ✓ valid reply

      Notes
        ! a fallback happened

      FAILED  the card has 1 error: skills[1].id "x" is a duplicate of skills[0].id
      card 0 · smoke 1 · 42 ms · 0 requests
      "
    `);
  });

  it("lists every location tried when no card was found", () => {
    const text = renderConsole({
      ...result,
      card: { ...result.card!, found_at: null, tried: result.card!.tried.slice(0, 1) },
    });
    expect(text).toContain(
      "✗ no card found; tried:\n    http://agent.test/.well-known/agent-card.json  → HTTP 404",
    );
  });

  it("uses ANSI colour only when given a colour style", () => {
    expect(renderConsole(result)).not.toContain("\u001b[");
    expect(renderConsole(result, colourStyle)).toContain("\u001b[31m");
  });
});

describe("renderSummary", () => {
  it("counts passed, failed and error runs", () => {
    const text = renderSummary([
      result,
      { ...result, status: "passed", name: "ok" },
      { ...result, status: "error" },
    ]);
    expect(text.trim().split("\n").at(-1)).toBe("1 passed, 1 failed, 1 error in 126 ms");
    expect(text).toContain("✓ ok (42 ms)");
  });
});
