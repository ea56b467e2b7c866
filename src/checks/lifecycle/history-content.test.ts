import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
  type HandRequest,
} from "../../runner/testing/hand-agent.js";
import historyContent from "./history-content.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.3 agent that completes every task at once and never asks back; its history keeps the user's message
 * as sent, or (`renames`) under a fresh messageId on every read, as a server seen at first sight did.
 */
async function oneTurnAgent(renames: boolean, wholeConversation = false): Promise<string> {
  const sent = new Map<string, { messageId: string; parts: unknown[] }>();
  const task = (id: string) => {
    const message = sent.get(id);
    const kept = message && { ...message, messageId: renames ? randomUUID() : message.messageId };
    // Every message the agent ever got, in every task's history (seen at first sight).
    const all = [...sent.values()].map((m) => ({ kind: "message", role: "user", ...m }));
    return {
      kind: "task",
      id,
      contextId: "c-1",
      status: { state: "completed" },
      history: wholeConversation ? all : kept ? [{ kind: "message", role: "user", ...kept }] : [],
    };
  };
  const agent = await startHandAgent((request: HandRequest, url) => {
    if (request.kind === "card") return handCard03(url);
    const { method, params } = request;
    if (method === "message/send") {
      const message = params.message as { messageId: string; parts: unknown[] } | undefined;
      if (!message) return refusal(-32602);
      const id = `t-${sent.size + 1}`;
      sent.set(id, { messageId: message.messageId, parts: message.parts });
      return { result: task(id) };
    }
    if (method === "tasks/get")
      return sent.has(String(params.id)) ? { result: task(String(params.id)) } : refusal(-32001);
    return refusal(-32601);
  });
  return agent.url;
}

const verdictOn = async (url: string) =>
  (await verdictsOn(url, [historyContent])).get("lifecycle.history-content");

describe("lifecycle.history-content on an agent that never asks back", () => {
  it("passes a history that keeps the one message as sent", async () => {
    const finding = await verdictOn(await oneTurnAgent(false));
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/keeps 1 of the 1 user message\(s\) as sent \(1 found by messageId\)/);
  });

  it("fails a history that keeps the message under an id of the agent's own", async () => {
    const finding = await verdictOn(await oneTurnAgent(true));
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/is kept under another messageId/);
  });
});

describe("lifecycle.history-content and a history of the whole conversation", () => {
  it("fails a history that holds user messages sent in other tasks", async () => {
    const finding = await verdictOn(await oneTurnAgent(false, true));
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/user message\(s\) not sent in this task/);
  });
});
