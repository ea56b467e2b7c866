import { afterEach, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { runA2ATest } from "./run-a2a-test.js";

/**
 * A 0.3 agent whose tasks work forever: a send answers a working Task at once, tasks/get keeps saying
 * working, and tasks/cancel is noted and answered with the canceled Task.
 */
async function neverFinishingAgent() {
  const canceled: string[] = [];
  let polled: () => void = () => undefined;
  const firstPoll = new Promise<void>((resolve) => (polled = resolve));
  const task = (id: string, state: string) => ({
    kind: "task",
    id,
    contextId: "ctx-1",
    status: { state, timestamp: new Date(0).toISOString() },
  });
  const server: LoopbackServer = await serve((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", (): void => {
      res.setHeader("content-type", "application/json");
      if (req.method === "GET") return void res.end(JSON.stringify(card(server.url)));
      const call = JSON.parse(body) as { id: unknown; method: string; params?: { id?: string } };
      const reply = (result: unknown) =>
        void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
      if (call.method === "message/send") return reply(task("task-forever", "working"));
      // The version probe reads an unknown id first; the smoke's poll reads the task it was given.
      if (call.method === "tasks/get" && call.params?.id === "task-forever") {
        polled();
        return reply(task("task-forever", "working"));
      }
      if (call.method === "tasks/cancel") {
        canceled.push(call.params?.id ?? "");
        return reply(task(call.params?.id ?? "", "canceled"));
      }
      const error =
        call.method === "tasks/get"
          ? { code: -32001, message: "Task not found" }
          : { code: -32601, message: "Method not found" };
      res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, error }));
    });
  });
  return { server, canceled, firstPoll };
}

const card = (url: string) => ({
  protocolVersion: "0.3.0",
  name: "never finishing",
  description: "its tasks work forever",
  url: `${url}/rpc`,
  preferredTransport: "JSONRPC",
  version: "1.0.0",
  capabilities: {},
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "s", name: "s", description: "s", tags: ["s"] }],
});

const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe("a stopped run", () => {
  it("cancels the task it started on the agent and says so in its result", async () => {
    const agent = await neverFinishingAgent();
    servers.push(agent.server);
    const controller = new AbortController();
    void agent.firstPoll.then(() => controller.abort(new Error("interrupted by SIGINT")));
    const result = await runA2ATest({
      config: { agent_url: agent.server.url, headers: {}, timeout_s: 120 },
      mode: "smoke",
      policy: commandLinePolicy,
      signal: controller.signal,
    });
    expect(result.status, result.reason).not.toBe("passed");
    expect(agent.canceled, JSON.stringify(result.smoke)).toEqual(["task-forever"]);
    expect(result.warnings).toContain(
      "stopped: canceled 1 task(s) the run had started on the agent (task-forever)",
    );
  });

  it("cancels nothing when it was not stopped", async () => {
    const agent = await neverFinishingAgent();
    servers.push(agent.server);
    const result = await runA2ATest({
      config: { agent_url: agent.server.url, headers: {}, timeout_s: 1 },
      mode: "smoke",
      policy: commandLinePolicy,
    });
    expect(result.status).not.toBe("passed");
    expect(agent.canceled).toEqual([]);
  });
});
