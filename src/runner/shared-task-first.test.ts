import { describe, expect, it } from "vitest";
import unknownTaskMessage0x from "../checks/lifecycle/unknown-task-message-0x.js";
import sendReturnsTask from "../checks/lifecycle/send-returns-task.js";
import { handAgentsClosedAfterAll, handCard03, refusal, verdictsOn } from "./testing/hand-agent.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.3 agent that records what it was sent and did, in order: each message/send with parts starts a task
 * that completes a moment later, at the agent's own pace (a send without parts is refused, as the version
 * probe's is).
 */
async function recordingAgent(log: string[]): Promise<string> {
  const tasks = new Map<string, string>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const task = (id: string) => ({ kind: "task", id, contextId: "c-1", status: { state: tasks.get(id) } });
    const message = request.params.message as { parts?: unknown } | undefined;
    if (request.method === "message/send" && !Array.isArray(message?.parts)) return refusal(-32602);
    if (request.method === "message/send") {
      const id = `t${tasks.size + 1}`;
      tasks.set(id, "working");
      log.push(`send ${id}`);
      setTimeout(() => {
        tasks.set(id, "completed");
        log.push(`complete ${id}`);
      }, 200);
      return { result: task(id) };
    }
    const id = String(request.params.id);
    if (request.method === "tasks/get") return tasks.has(id) ? { result: task(id) } : refusal(-32001);
    return refusal(-32601);
  });
  return agent.url;
}

describe("the suite's shared task", () => {
  it("is sent and followed to its end before the checks send messages of their own", async () => {
    const log: string[] = [];
    const byId = await verdictsOn(
      await recordingAgent(log),
      [sendReturnsTask, unknownTaskMessage0x],
      "JSONRPC",
    );
    expect(byId.get(sendReturnsTask.id)).toMatchObject({ status: "pass" });
    expect(log.indexOf("send t2")).toBeGreaterThan(log.indexOf("complete t1"));
    expect(log.indexOf("complete t1")).toBeGreaterThan(-1);
  });
});
