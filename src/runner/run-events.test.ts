import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunEvent } from "../model/events.js";
import type { RunResult } from "../model/result.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { renderJson } from "../report/json.js";
import { liveReporter } from "../report/live.js";
import { renderMarkdown } from "../report/markdown.js";
import { progressLines } from "../report/progress.js";
import { runA2ATest } from "./run-a2a-test.js";
import { runConformance } from "./run-conformance.js";

let agent: RunningAgent;
let result: RunResult;
const events: RunEvent[] = [];
const markdown = liveReporter(renderMarkdown);
const json = liveReporter(renderJson);

beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "1.0", slowTaskMs: 2000 });
  result = await runConformance({
    agentUrl: agent.url,
    headers: {},
    timeoutMs: 5000,
    policy: commandLinePolicy,
    hints: { "input-required": "This is ambiguous", slow: "slow: take your time" },
    onEvent: (event) => {
      events.push(event);
      markdown.onEvent(event);
      json.onEvent(event);
    },
  });
}, 120_000);
afterAll(async () => {
  await agent?.close();
});

describe("run events", () => {
  it("a reporter fed the events of a conformance run writes the report of its final result", () => {
    expect(result.findings?.length).toBeGreaterThan(10);
    expect(markdown.output()).toBe(renderMarkdown([result]));
    expect(json.output()).toBe(renderJson([result]));
  });

  it("start with run-started, end with run-finished carrying the returned result", () => {
    expect(events[0]).toMatchObject({ type: "run-started", kind: "conformance", agent_url: agent.url });
    expect(events.at(-1)).toEqual({ type: "run-finished", result });
    expect(events.filter((e) => e.type === "run-finished")).toHaveLength(1);
  });

  it("announce every check before it finishes, once", () => {
    const started = events.flatMap((e) => (e.type === "check-started" ? [e.index] : []));
    const finished = events.flatMap((e) => (e.type === "check-finished" ? [e.index] : []));
    expect([...started].sort((a, b) => a - b)).toEqual(result.findings?.map((_f, i) => i));
    expect([...finished].sort((a, b) => a - b)).toEqual(started.toSorted((a, b) => a - b));
    for (const index of finished)
      expect(events.findIndex((e) => e.type === "check-started" && e.index === index)).toBeLessThan(
        events.findIndex((e) => e.type === "check-finished" && e.index === index),
      );
  });

  it("read as the progress lines a person follows", () => {
    const lines = events.flatMap(progressLines);
    expect(lines[0]).toBe(`Looking for the agent card of ${agent.url}`);
    expect(lines).toContain("Connecting over GRPC");
    expect(lines.filter((l) => /^ {2}[✓✗-] /.test(l))).toHaveLength(result.findings?.length ?? -1);
  });

  it("a smoke run reports its card and its message, and a JSON reporter fed them matches its result", async () => {
    const seen: RunEvent[] = [];
    const live = liveReporter(renderJson);
    const smoke = await runA2ATest({
      config: { agent_url: agent.url, headers: {}, strict_card: true, timeout_s: 10 },
      mode: "smoke",
      policy: commandLinePolicy,
      pollIntervalMs: 50,
      onEvent: (e) => {
        seen.push(e);
        live.onEvent(e);
      },
    });
    expect(seen.map((e) => e.type)).toEqual([
      "run-started",
      "card-lookup",
      "card-read",
      "smoke-sent",
      "run-finished",
    ]);
    expect(live.output()).toBe(renderJson([smoke]));
  });
});
