import { describe, expect, it } from "vitest";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import getTask from "./get-task.js";
import reachesTerminal from "./reaches-terminal.js";
import sendReturnsTask from "./send-returns-task.js";

const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A 0.3 agent that answers message/send with a Message and runs a task only for message/stream (as jagdagenten's
 * a2a-sdk does): the stream's first event names the task, working; tasks/get reads it `later` (completed, or
 * still working forever).
 */
async function agentRunningTasksOnlyForStreams(
  later: "completed" | "working" | "never-found",
): Promise<string> {
  const tasks = new Map<string, string>();
  return startRawAgent((call, res, url) => {
    const json = (value: unknown) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(value));
    };
    if (!call) return json({ ...handCard03(url), capabilities: { streaming: true } });
    const task = (id: string, state: string) => ({ kind: "task", id, contextId: "c1", status: { state } });
    if (call.method === "message/send")
      return json({
        jsonrpc: "2.0",
        id: call.id,
        result: { kind: "message", messageId: "m1", role: "agent", parts: [{ kind: "text", text: "hi" }] },
      });
    if (call.method === "message/stream") {
      const id = `t${tasks.size + 1}`;
      tasks.set(id, later);
      res.setHeader("content-type", "text/event-stream");
      res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task(id, "working") })}\n\n`);
      return void setTimeout(() => res.end(), 50);
    }
    if (call.method === "tasks/get") {
      const id = String(call.params.id);
      const state = tasks.get(id);
      return json(
        state && state !== "never-found"
          ? { jsonrpc: "2.0", id: call.id, result: task(id, state) }
          : { jsonrpc: "2.0", id: call.id, error: { code: -32001, message: "Task not found" } },
      );
    }
    return json({ jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "Method not found" } });
  });
}

describe("a task that only a stream runs, when the send answers with a Message", () => {
  it("is followed by the task checks: one that completes passes", async () => {
    const byId = await verdictsOn(await agentRunningTasksOnlyForStreams("completed"), [
      sendReturnsTask,
      reachesTerminal,
    ]);
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "pass" });
    expect(byId.get("lifecycle.send-returns-task")?.message).toMatch(/a stream of the message made it/);
    expect(byId.get("lifecycle.reaches-terminal")).toMatchObject({ status: "pass" });
    expect(byId.get("lifecycle.reaches-terminal")?.message).toMatch(
      /reached completed .*a stream of the same message/,
    );
  });

  it("is followed by the task checks: one that works forever fails reaches-terminal", async () => {
    const byId = await verdictsOn(await agentRunningTasksOnlyForStreams("working"), [reachesTerminal]);
    expect(byId.get("lifecycle.reaches-terminal")).toMatchObject({ status: "fail" });
    expect(byId.get("lifecycle.reaches-terminal")?.message).toMatch(/still working after/);
  });

  it("is a task all the same when it cannot be read back: get-task fails, the agent is not taken as Message-only", async () => {
    // Seen at first sight: a server that reads tasks/get's id as taskId, so no task a stream made is found.
    const byId = await verdictsOn(await agentRunningTasksOnlyForStreams("never-found"), [
      getTask,
      reachesTerminal,
    ]);
    expect(byId.get("lifecycle.get-task")).toMatchObject({ status: "fail" });
    expect(byId.get("lifecycle.get-task")?.message).toMatch(/t1/);
    expect(byId.get("lifecycle.get-task")?.message).not.toMatch(/answers every message with a Message/);
  });
});
