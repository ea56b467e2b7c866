import { describe, expect, it } from "vitest";
import capabilityErrors0x from "../errors/capability-errors-0x.js";
import {
  handAgentsClosedAfterAll,
  refusal,
  verdictsOn,
  handCard01,
} from "../../runner/testing/hand-agent.js";
import sendReturnsTask from "./send-returns-task.js";
import terminalTaskRejectsMessage0x from "./terminal-task-rejects-message-0x.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A hand-written A2A 0.1 agent without streaming, as the 0.1 spec describes one: tasks/send with the client's
 * task id, finished at once. `spec`: it refuses a message to a finished task with -32009 and the streaming
 * methods with -32006 (0.1 §8.2); otherwise it runs the finished task again and leaves the streaming methods
 * unknown (-32601), as agents seen at first sight do.
 */
async function agent01(spec: boolean): Promise<string> {
  const tasks = new Map<string, unknown>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard01(url);
    const id = typeof request.params.id === "string" ? request.params.id : "";
    if (request.method === "tasks/send") {
      if (spec && tasks.has(id)) return refusal(-32009);
      const task = {
        id,
        status: { state: "completed", timestamp: new Date().toISOString() },
        artifacts: [{ parts: [{ type: "text", text: "echo" }] }],
      };
      tasks.set(id, task);
      return { result: task };
    }
    if (request.method === "tasks/get") return tasks.has(id) ? { result: tasks.get(id) } : refusal(-32001);
    if (request.method === "tasks/sendSubscribe" || request.method === "tasks/resubscribe")
      return refusal(spec ? -32006 : -32601);
    return refusal(-32601);
  });
  return agent.url;
}

const verdicts = (url: string) =>
  verdictsOn(url, [sendReturnsTask, terminalTaskRejectsMessage0x, capabilityErrors0x]);

describe("the A2A 0.1 error codes of §8.2", () => {
  it("pass an agent that refuses a finished task with -32009 and streaming with -32006; its tasks need no contextId", async () => {
    const byId = await verdicts(await agent01(true));
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "pass" });
    expect(byId.get("lifecycle.terminal-task-rejects-message-0x")).toMatchObject({ status: "pass" });
    expect(byId.get("errors.capability-errors-0x")).toMatchObject({ status: "pass" });
  });

  it("fail an agent that runs a finished task again and leaves the streaming methods unknown", async () => {
    const byId = await verdicts(await agent01(false));
    expect(byId.get("lifecycle.terminal-task-rejects-message-0x")).toMatchObject({ status: "fail" });
    expect(byId.get("lifecycle.terminal-task-rejects-message-0x")?.message).toMatch(/was accepted/);
    expect(byId.get("errors.capability-errors-0x")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.capability-errors-0x")?.message).toMatch(/tasks\/sendSubscribe .*-32601/);
  });
});
