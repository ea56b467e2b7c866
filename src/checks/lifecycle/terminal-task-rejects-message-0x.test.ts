import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import capabilityErrors0x from "../errors/capability-errors-0x.js";
import sendReturnsTask from "./send-returns-task.js";
import terminalTaskRejectsMessage0x from "./terminal-task-rejects-message-0x.js";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/**
 * A hand-written A2A 0.1 agent without streaming, as the 0.1 spec describes one: tasks/send with the client's
 * task id, finished at once. `spec`: it refuses a message to a finished task with -32009 and the streaming
 * methods with -32006 (0.1 §8.2); otherwise it runs the finished task again and leaves the streaming methods
 * unknown (-32601), as agents seen at first sight do.
 */
async function agent01(spec: boolean): Promise<string> {
  let url = "";
  const tasks = new Map<string, unknown>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "GET")
        return res.end(
          JSON.stringify({
            name: "Echo",
            description: "Echoes",
            url,
            version: "1.0.0",
            capabilities: { streaming: false, pushNotifications: false },
            authentication: { schemes: ["public"] },
            defaultInputModes: ["text/plain"],
            defaultOutputModes: ["text/plain"],
            skills: [{ id: "echo", name: "Echo", description: "Echoes", examples: ["hello"] }],
          }),
        );
      const call = JSON.parse(body) as { id: unknown; method: string; params?: { id?: string } };
      const reply = (result: unknown) => res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
      const refuse = (code: number) =>
        res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, error: { code, message: "refused" } }));
      const id = call.params?.id ?? "";
      if (call.method === "tasks/send") {
        if (spec && tasks.has(id)) return refuse(-32009);
        const task = {
          id,
          status: { state: "completed", timestamp: new Date().toISOString() },
          artifacts: [{ parts: [{ type: "text", text: "echo" }] }],
        };
        tasks.set(id, task);
        return reply(task);
      }
      if (call.method === "tasks/get") return tasks.has(id) ? reply(tasks.get(id)) : refuse(-32001);
      if (call.method === "tasks/sendSubscribe" || call.method === "tasks/resubscribe")
        return refuse(spec ? -32006 : -32601);
      return refuse(-32601);
    });
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return url;
}

async function verdicts(agentUrl: string) {
  const result = await runConformance({
    agentUrl,
    headers: {},
    timeoutMs: 3000,
    policy: commandLinePolicy,
    catalogue: [sendReturnsTask, terminalTaskRejectsMessage0x, capabilityErrors0x],
  });
  return new Map((result.findings ?? []).map((f) => [f.id, f]));
}

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
