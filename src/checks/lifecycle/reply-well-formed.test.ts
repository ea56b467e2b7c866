import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard01,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import replyWellFormed from "./reply-well-formed.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.3 agent whose every new task asks back, and whose answered task comes back with its state spelled
 * `answeredState`: only the reply to the answer shows how it spells a finished task.
 */
async function asksThenFinishes(answeredState: string): Promise<string> {
  const answered = new Set<string>();
  let made = 0;
  const task = (id: string, state: string) => ({ kind: "task", id, contextId: `c-${id}`, status: { state } });
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const message = (request.params.message ?? {}) as { taskId?: string };
    if (request.method === "message/send") {
      if (!message.taskId) return { result: task(`t${++made}`, "input-required") };
      answered.add(message.taskId);
      return { result: task(message.taskId, answeredState) };
    }
    const id = String(request.params.id);
    if (request.method === "tasks/get")
      return { result: task(id, answered.has(id) ? "completed" : "input-required") };
    return refusal(-32601);
  });
  return agent.url;
}

const judged = async (answeredState: string) =>
  (await verdictsOn(await asksThenFinishes(answeredState), [replyWellFormed], "JSONRPC")).get(
    "lifecycle.reply-well-formed",
  );

describe("lifecycle.reply-well-formed", () => {
  it("judges the reply of the answer that finished a task, not only the first send", async () => {
    const finding = await judged("complete");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/complete/);
  });

  it("passes the same agent when it spells the state as 0.3 does", async () => {
    expect(await judged("completed")).toMatchObject({ status: "pass" });
  });

  it("judges a 0.1 send reply against the 0.1 schema: parts without their type fail", async () => {
    const on01 = async (part: Record<string, unknown>) => {
      const agent = await startHandAgent((request, url) => {
        if (request.kind === "card") return handCard01(url);
        const id = String(request.params.id);
        const message = { role: "agent", parts: [part] };
        if (request.method === "tasks/send" || request.method === "tasks/get")
          return { result: { id, status: { state: "completed", message }, artifacts: [{ parts: [part] }] } };
        return refusal(-32601);
      });
      const verdicts = await verdictsOn(agent.url, [replyWellFormed], "JSONRPC");
      return verdicts.get("lifecycle.reply-well-formed");
    };
    const untyped = await on01({ text: "Echo" });
    expect(untyped).toMatchObject({ status: "fail" });
    expect(untyped?.message).toMatch(/parts\[0\] matches none of the forms/);
    expect(await on01({ type: "text", text: "Echo" })).toMatchObject({ status: "pass" });
  });
});
