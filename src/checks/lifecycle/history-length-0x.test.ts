import { describe, expect, it } from "vitest";
import type { Finding } from "../../model/finding.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import { handAgentsClosedAfterAll, handCard03, refusal } from "../../runner/testing/hand-agent.js";
import type { CheckDefinition } from "../types.js";
import historyKeptAfterRead from "./history-kept-after-read.js";
import historyLength0x from "./history-length-0x.js";

const start = handAgentsClosedAfterAll();
const ASK = "please ask me";

type Json = Record<string, unknown>;

/**
 * A 0.3 agent whose tasks end at once, except the one of "please ask me", which asks back with its question
 * in the status alone (its history holds the user's message only, as seen at first sight) and completes once
 * answered. `keepsLatestOnly`: the history holds the latest user message alone, answered or not.
 */
async function asksBackInStatus(keepsLatestOnly = false): Promise<string> {
  const tasks = new Map<string, Json>();
  const agent = await start((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const { method, params } = request;
    if (method === "tasks/get") {
      const task = tasks.get(String(params.id));
      if (!task) return refusal(-32001);
      const history = task.history as Json[];
      const n = typeof params.historyLength === "number" ? params.historyLength : history.length;
      return { result: { ...task, history: n === 0 ? [] : history.slice(-n) } };
    }
    if (method !== "message/send") return refusal(-32601);
    const message = params.message as Json | undefined;
    if (!message || !Array.isArray(message.parts)) return refusal(-32602);
    const text = ((message.parts as Json[])[0]?.text as string | undefined) ?? "";
    const known = typeof message.taskId === "string" ? tasks.get(message.taskId) : undefined;
    const id = known ? String(known.id) : `t${tasks.size + 1}`;
    const earlier = known && !keepsLatestOnly ? (known.history as Json[]) : [];
    const asking = !known && text === ASK;
    const question = {
      kind: "message",
      role: "agent",
      messageId: `q-${id}`,
      parts: [{ kind: "text", text: "Which one?" }],
    };
    const task = {
      kind: "task",
      id,
      contextId: `c-${id}`,
      status: asking ? { state: "input-required", message: question } : { state: "completed" },
      history: [...earlier, { ...message, taskId: id, contextId: `c-${id}` }],
    };
    tasks.set(id, task);
    return { result: task };
  });
  return agent.url;
}

/** The findings of `checks` on the agent at `url`, run with the input-required hint the user gave. */
async function hinted(url: string, checks: CheckDefinition[]): Promise<Map<string, Finding>> {
  const result = await runConformance({
    agentUrl: url,
    headers: {},
    timeoutMs: 3000,
    policy: commandLinePolicy,
    catalogue: checks,
    hints: { "input-required": ASK },
  });
  return new Map((result.findings ?? []).map((f) => [f.id, f]));
}

describe("the history checks given an input-required hint", () => {
  it("judge the task that asked back and was answered when the asked task alone holds one message", async () => {
    const byId = await hinted(await asksBackInStatus(), [historyLength0x, historyKeptAfterRead]);
    expect(byId.get("lifecycle.history-length-0x")).toMatchObject({ status: "pass" });
    expect(byId.get("lifecycle.history-length-0x")?.message).toMatch(
      /historyLength 1 returned at most 1 of 2/,
    );
    expect(byId.get("lifecycle.history-kept-after-read")).toMatchObject({ status: "pass" });
    expect(byId.get("lifecycle.history-kept-after-read")?.message).toMatch(
      /still returned 2 of its 2 messages/,
    );
  });

  it("say what came of the hint, never advising the hint that was given, when no task holds two messages", async () => {
    const byId = await hinted(await asksBackInStatus(true), [historyLength0x, historyKeptAfterRead]);
    for (const id of ["lifecycle.history-length-0x", "lifecycle.history-kept-after-read"]) {
      const finding = byId.get(id);
      expect(finding, id).toMatchObject({ status: "skip" });
      expect(finding?.message, id).toMatch(/the task that asked back and was answered \(t\d+\) holds 1/);
      expect(finding?.message, id).toContain(
        'the input-required hint ("please ask me") gave no longer history either',
      );
      expect(finding?.message, id).not.toMatch(/pass --hint/);
    }
  });
});
