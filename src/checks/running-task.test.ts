import { describe, expect, it } from "vitest";
import { handCard10, httpAgentsClosedAfterAll, verdictsOn } from "../runner/testing/hand-agent.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runConformance } from "../runner/run-conformance.js";
import cancelRunning from "./lifecycle/cancel-running.js";

const startHttpAgent = httpAgentsClosedAfterAll();

type Task = { id: string; contextId: string; status: { state: string } };

/**
 * A 1.0 JSON-RPC agent that ignores returnImmediately (every send waits for the work, `workMs`), streams nothing,
 * and lists its tasks working while they work (seen at first sight); a cancel ends the task canceled for good.
 */
async function blocksEverySend(workMs: number): Promise<string> {
  const tasks = new Map<string, Task>();
  return startHttpAgent((req, body, res, base) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET") return void res.end(JSON.stringify(handCard10(base)));
    const call = JSON.parse(body) as { id: unknown; method: string; params: Record<string, unknown> };
    const reply = (payload: object) => res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...payload }));
    const { params } = call;
    if (call.method === "SendMessage") {
      const message = (params.message ?? {}) as { contextId?: string };
      const task: Task = {
        id: `t${tasks.size + 1}`,
        contextId: message.contextId ?? `c${tasks.size + 1}`,
        status: { state: "TASK_STATE_WORKING" },
      };
      tasks.set(task.id, task);
      return void setTimeout(() => {
        if (task.status.state === "TASK_STATE_WORKING") task.status = { state: "TASK_STATE_COMPLETED" };
        reply({ result: { task } });
      }, workMs);
    }
    if (call.method === "ListTasks") {
      const listed = [...tasks.values()].filter((t) => !params.contextId || t.contextId === params.contextId);
      return void reply({
        result: { tasks: listed, nextPageToken: "", pageSize: 10, totalSize: listed.length },
      });
    }
    const task = tasks.get(String(params.id));
    if (!task) return void reply({ error: { code: -32001, message: "Task not found" } });
    if (call.method === "CancelTask") task.status = { state: "TASK_STATE_CANCELED" };
    reply({ result: task });
  });
}

describe("a running task found while its blocking send is in flight", () => {
  it(
    "gives lifecycle.cancel-running a task to cancel on an agent that ignores returnImmediately",
    { timeout: 120_000 },
    async () => {
      // Each send waits for the work: the search tries the surveyed messages before the in-flight one.
      const result = await runConformance({
        agentUrl: await blocksEverySend(2500),
        headers: {},
        timeoutMs: 20_000,
        policy: commandLinePolicy,
        catalogue: [cancelRunning],
      });
      const finding = result.findings?.find((f) => f.id === cancelRunning.id);
      expect(finding).toMatchObject({ status: "pass" });
      expect(finding?.message).toMatch(/went from working to canceled/);
    },
  );

  it("finds none on an agent whose tasks are over at once", async () => {
    const finding = (await verdictsOn(await blocksEverySend(0), [cancelRunning])).get(cancelRunning.id);
    expect(finding?.status).toBe("skip");
    expect(finding?.message).toMatch(/no message kept the agent busy 1 s/);
  });
});
