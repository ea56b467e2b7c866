import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { TrafficLog } from "../net/traffic.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";

// An agent whose tasks/get wants the task id as `taskId` (as the Inference Gateway ADK 0.16 does): the spec's
// {id} is refused -32602, {taskId} reads the one task it knows.
const TASK = { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } };
let seen: unknown[] = [];
let server: LoopbackServer;
beforeAll(async () => {
  server = await serve((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const { id, params } = JSON.parse(body) as { id: unknown; params: Record<string, unknown> };
      seen.push(params);
      const reply =
        params.taskId === "t1"
          ? { result: { ...TASK, ...(params.historyLength === 0 ? { history: [] } : {}) } }
          : { error: { code: -32602, message: params.taskId ? "task not found" : "taskId is required" } };
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id, ...reply }));
    });
  });
});
afterAll(() => server.close());

const client = () =>
  new JsonRpcA2AClient(
    { url: server.url, binding: "JSONRPC", generation: "0.3" },
    { headers: {}, timeoutMs: 1500, policy: commandLinePolicy, traffic: new TrafficLog() },
  );

describe("reading a task from an agent that wants its id as taskId", () => {
  it("reads the task, says how it was read, and keeps both exchanges as evidence", async () => {
    seen = [];
    const outcome = await client().getTask("t1", 0);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value.id).toBe("t1");
    expect(outcome.readDespite).toMatch(
      /tasks\/get refused the task id as "id" \(-32602 taskId is required\)/,
    );
    expect(outcome.trafficIds).toHaveLength(2);
    // The second request differs only in the id's name: historyLength goes along.
    expect(seen).toEqual([
      { id: "t1", historyLength: 0 },
      { taskId: "t1", historyLength: 0 },
    ]);
  });

  it("answers with the refusal of the spec's request when the renamed one fails too", async () => {
    const outcome = await client().getTask("unknown");
    expect(outcome.ok).toBe(false);
    if (outcome.ok || outcome.kind !== "error") return;
    expect(outcome.error.message).toBe("taskId is required");
  });
});
