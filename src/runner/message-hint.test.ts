import { describe, expect, it } from "vitest";
import sendReturnsTask from "../checks/lifecycle/send-returns-task.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { handAgentsClosedAfterAll, handCard03 } from "./testing/hand-agent.js";
import { runConformance } from "./run-conformance.js";

const startHandAgent = handAgentsClosedAfterAll();
const TEMPLATE = "Goal: the quarterly figures\nStart: ACME";

/** A 0.3 agent that takes only text in its own template (seen at first sight), refusing any other -32602. */
async function templateAgent(seen: string[]): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const message = request.params.message as { parts?: Array<{ text?: string }> } | undefined;
    const text = message?.parts?.[0]?.text ?? "";
    seen.push(text);
    if (request.method !== "message/send") return { error: { code: -32601, message: "Method not found" } };
    if (!text.startsWith("Goal:"))
      return { error: { code: -32602, message: "Invalid params", data: { missing: ["goal"] } } };
    return { result: { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } } };
  });
  return agent.url;
}

const run = (agentUrl: string, hints?: Record<string, string>) =>
  runConformance({
    agentUrl,
    headers: {},
    timeoutMs: 3000,
    policy: commandLinePolicy,
    catalogue: [sendReturnsTask],
    ...(hints ? { hints } : {}),
  });

describe("--hint message", () => {
  it("is the message the checks send, for an agent that takes only input of its own form", async () => {
    const seen: string[] = [];
    const url = await templateAgent(seen);
    const without = await run(url);
    expect(without.findings?.[0]).toMatchObject({ status: "fail" });
    expect(without.findings?.[0]?.message).toMatch(/give one with --hint message="\.\.\."/);
    // The agent's own account of what it wanted is quoted: the user reads there what to give.
    expect(without.findings?.[0]?.message).toMatch(/\(its data: \{"missing":\["goal"\]\}\)/);
    const withHint = await run(url, { message: TEMPLATE });
    expect(withHint.findings?.[0], withHint.findings?.[0]?.message).toMatchObject({ status: "pass" });
    expect(seen).toContain(TEMPLATE);
  });
});

describe("a run whose every task failed", () => {
  it("warns that the checks judged the failure path only, and points at --hint message", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      if (request.method !== "message/send") return { error: { code: -32601, message: "Method not found" } };
      return { result: { kind: "task", id: "t-1", contextId: "c-1", status: { state: "failed" } } };
    });
    const result = await run(agent.url);
    expect(result.findings?.[0]).toMatchObject({ status: "pass" });
    expect(result.warnings.join("\n")).toMatch(
      /every task the suite's messages made ended failed \(\d+\).*--hint message/,
    );
  });

  it("says nothing of the kind when a task completes", async () => {
    const result = await run(await templateAgent([]), { message: TEMPLATE });
    expect(result.warnings.join("\n")).not.toMatch(/ended failed/);
  });
});
