import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { validCard10 } from "../../card/fixtures.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import listTasks from "./list-tasks.js";
import sendReturnsTask from "./send-returns-task.js";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/**
 * A 1.0 JSON-RPC agent whose tasks finish at once. `contextOnRead`: the task carries a contextId when read
 * back or listed, but the send's reply leaves it out; otherwise the agent generates no contextId at all.
 */
async function agentWithoutContexts(contextOnRead: boolean): Promise<string> {
  let url = "";
  const tasks: Array<{ id: string; status: { state: string; timestamp: string } }> = [];
  const read = (t: (typeof tasks)[number]) => (contextOnRead ? { ...t, contextId: "ctx-1" } : t);
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "GET") {
        const card = validCard10();
        return res.end(
          JSON.stringify({
            ...card,
            capabilities: { streaming: false, pushNotifications: false },
            securitySchemes: undefined,
            securityRequirements: undefined,
            supportedInterfaces: [{ url, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
          }),
        );
      }
      const call = JSON.parse(body) as { id: unknown; method: string; params?: { id?: string } };
      const reply = (result: unknown) => res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
      const refuse = (code: number) =>
        res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, error: { code, message: "refused" } }));
      if (call.method === "SendMessage") {
        const task = {
          id: `t${tasks.length + 1}`,
          status: {
            state: "TASK_STATE_COMPLETED",
            timestamp: new Date(Date.now() + tasks.length).toISOString(),
          },
        };
        tasks.push(task);
        return reply({ task });
      }
      if (call.method === "GetTask") {
        const task = tasks.find((t) => t.id === call.params?.id);
        return task ? reply(read(task)) : refuse(-32001);
      }
      if (call.method === "ListTasks")
        return reply({
          tasks: [...tasks].reverse().map(read),
          nextPageToken: "",
          pageSize: 100,
          totalSize: tasks.length,
        });
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
    catalogue: [sendReturnsTask, listTasks],
  });
  return new Map((result.findings ?? []).map((f) => [f.id, f]));
}

describe("lifecycle.send-returns-task on A2A 1.0", () => {
  it("passes an agent that generates no contextId (1.0.1 §3.4.1: MAY), and ListTasks is still judged", async () => {
    const byId = await verdicts(await agentWithoutContexts(false));
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "pass" });
    expect(byId.get("lifecycle.send-returns-task")?.message).toMatch(/generates none/);
    expect(byId.get("lifecycle.list-tasks")).toMatchObject({ status: "pass" });
    expect(byId.get("lifecycle.list-tasks")?.message).toMatch(/no context to filter by/);
  });

  it("fails a send reply that leaves out the contextId its task reads back with (a generated one MUST be in the response)", async () => {
    const byId = await verdicts(await agentWithoutContexts(true));
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "fail" });
    expect(byId.get("lifecycle.send-returns-task")?.message).toMatch(/reads back in context ctx-1/);
  });
});
