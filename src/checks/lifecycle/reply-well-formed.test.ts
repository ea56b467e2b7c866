import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
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
});
