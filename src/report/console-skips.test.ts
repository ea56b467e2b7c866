import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { Finding } from "../model/finding.js";
import type { RunResult } from "../model/result.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runConformance } from "../runner/run-conformance.js";
import { renderConsole } from "./console.js";
import { skipGroups, skipLines } from "./console-skips.js";
import { plainStyle } from "./style.js";

const skip = (id: string, message: string, transport?: string, applicable?: false): Finding => ({
  id,
  category: id.split(".")[0] ?? "",
  level: "SHOULD",
  status: "skip",
  message,
  duration_ms: 0,
  ...(transport ? { transport } : {}),
  ...(applicable === false ? { applicable } : {}),
});

// Reasons as the checks word them (checks/execute.ts, checks/fixtures.ts).
const findings: Finding[] = [
  skip(
    "lifecycle.input-required-continues",
    'no input-required task: none of 4 messages sent made the agent ask back; pass --hint input-required="..."',
    "JSONRPC",
  ),
  skip(
    "lifecycle.history-length",
    'no input-required task: none of 4 messages sent made the agent ask back; pass --hint input-required="..."',
    "GRPC",
  ),
  skip(
    "lifecycle.cancel-running",
    "no running task to cancel: sent 3 messages; every task was already over when first seen (completed)",
    "JSONRPC",
  ),
  skip("streaming.resubscribe", "not run: depends on streaming.final-event, which failed", "JSONRPC"),
  skip("interop.cards-valid", "no --peer agent was given", undefined, false),
  skip("interop.concurrent-contexts", "no --peer agent was given", undefined, false),
  skip("errors.unknown-method", "applies to JSONRPC only", "GRPC", false),
  skip("push.set-config", "the card does not claim capabilities.pushNotifications", "JSONRPC", false),
  { ...skip("lifecycle.send-returns-task", "ok", "JSONRPC"), status: "pass" },
];

describe("skipped checks in the console", () => {
  it("are grouped by reason, those that could have run first, each with the option that runs them", () => {
    const groups = skipGroups(findings);
    expect(groups.map((g) => [g.applicable, g.reason, g.checks.length, g.remedy])).toEqual([
      [
        true,
        "no message made the agent ask back (input-required)",
        2,
        '--hint input-required="a message that makes the agent ask a question"',
      ],
      [
        true,
        "no task kept running long enough to act on",
        1,
        '--hint slow="a message that keeps the agent working for a few seconds"',
      ],
      [true, "streaming.final-event failed", 1, "fix streaming.final-event first"],
      [false, "no --peer agent was given", 2, "--peer URL (a second A2A agent to talk to)"],
      [false, "applies to JSONRPC only", 1, undefined],
      [false, "the card does not claim capabilities.pushNotifications", 1, undefined],
    ]);
  });

  it("print as counted lines naming the checks and the hint", () => {
    const text = skipLines(findings, plainStyle).join("\n");
    expect(text).toContain("  4 applicable checks could not run (level full needs them all):");
    expect(text).toContain(
      "      2  no message made the agent ask back (input-required): lifecycle.input-required-continues [JSONRPC], lifecycle.history-length [GRPC]",
    );
    expect(text).toContain(
      '         → to run them: --hint input-required="a message that makes the agent ask a question"',
    );
    expect(text).toContain("  4 checks do not apply to this agent:");
    expect(skipLines(findings.slice(-1), plainStyle)).toEqual([]);
  });
});

describe("a conformance run's console report", () => {
  let agent: RunningAgent;
  let result: RunResult;
  beforeAll(async () => {
    agent = await startReferenceAgent({ port: 0, protocol: "1.0" });
    result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 10_000,
      policy: commandLinePolicy,
      categories: ["interop", "card"],
    });
  }, 60_000);
  afterAll(() => agent.close());

  it("says that checks were skipped, why, and which option would run them", () => {
    const text = renderConsole(result);
    expect(result.conformance_level).toBe("full");
    expect(text).toContain("checks do not apply to this agent:");
    expect(text).toMatch(/ {4} {2}4 {2}no --peer agent was given: interop\./);
    expect(text).toContain("→ to run them: --peer URL (a second A2A agent to talk to)");
  });

  it("ticks a category only when something in it passed", () => {
    const text = renderConsole(result);
    expect(text).toMatch(/✓ card +\d+ passed/);
    expect(text).toMatch(/– interop +0 passed/);
    expect(text).not.toMatch(/✓ interop/);
  });
});
