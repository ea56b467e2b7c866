import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JsonRpcA2AClient } from "../../client/jsonrpc-binding.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../../net/testing/loopback-server.js";
import { TrafficLog } from "../../net/traffic.js";
import { methodServing } from "./unserved-method.js";

type Answer = (method: string) => { status: number; body: unknown };

/** An agent that answers each JSON-RPC call as `answer` says, by the method's name. */
function agentAnswering(answer: Answer): http.RequestListener {
  return (req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const call = JSON.parse(text) as { method: string; id: unknown };
      const { status, body } = answer(call.method);
      if (status === 0) return void req.socket.destroy();
      res.writeHead(status, { "content-type": "application/json" });
      const envelope = body as Record<string, unknown>;
      res.end(JSON.stringify("jsonrpc" in envelope ? { ...envelope, id: call.id } : envelope));
    });
  };
}

const rpcError = (code: number, message: string) => ({
  status: 200,
  body: { jsonrpc: "2.0", id: null, error: { code, message } },
});

const agents: Record<string, Answer> = {
  // The JSON-RPC way: the method is unknown.
  methodNotFound: () => rpcError(-32601, "Method not found"),
  // Every unknown method gets -32000, and so does this one.
  sameServerError: () => rpcError(-32000, "METHOD_NOT_FOUND"),
  // A framework's own error body, naming the method, for every method it does not route.
  frameworkBody: (method) => ({
    status: 400,
    body: { error: { message: `Unsupported method: ${method}`, code: "invalid_method" } },
  }),
  // The method exists and refuses the unknown task; any other method is unknown.
  served: (method) =>
    method === "tasks/resubscribe"
      ? rpcError(-32001, "Task not found")
      : rpcError(-32601, "Method not found"),
  // The method exists and fails inside; an unknown method gets a different answer.
  servedBroken: (method) =>
    method === "tasks/resubscribe"
      ? rpcError(-32603, "Cannot read properties of undefined")
      : rpcError(-32601, "Method not found"),
  // The connection closes before any answer (an agent that has just crashed): status 0 hangs up.
  cutOff: (method) =>
    method === "tasks/resubscribe" ? { status: 0, body: {} } : rpcError(-32601, "Method not found"),
};

const servers = new Map<string, LoopbackServer>();
beforeAll(async () => {
  for (const [name, answer] of Object.entries(agents)) servers.set(name, await serve(agentAnswering(answer)));
});
afterAll(async () => {
  for (const s of servers.values()) await s.close();
});

const rpcOf = (name: string) => {
  const client = new JsonRpcA2AClient(
    { url: servers.get(name)!.url, binding: "JSONRPC", generation: "0.3" },
    { headers: {}, timeoutMs: 3000, policy: commandLinePolicy, traffic: new TrafficLog() },
  );
  return (method: string, params?: unknown) => client.rawCall(method, params);
};

describe("whether an agent serves a method, read leniently", () => {
  it.each([
    ["answers Method not found", "methodNotFound", true],
    ["answers it as it answers any unknown method (another code)", "sameServerError", true],
    ["answers it with the framework body it gives any unknown method", "frameworkBody", true],
    ["refuses the call with an A2A error", "served", false],
    ["fails inside the method, unlike an unknown method", "servedBroken", false],
  ])("an agent that %s", async (_what, name, unserved) => {
    const serving = await methodServing(rpcOf(name), "tasks/resubscribe", { id: "nope" });
    expect(serving.unserved).toBe(unserved);
    expect(serving.detail).toMatch(/^tasks\/resubscribe was answered /);
    expect(serving.evidence.length).toBeGreaterThan(0);
  });

  it("says no answer came when the connection closed before one: that shows neither way", async () => {
    const serving = await methodServing(rpcOf("cutOff"), "tasks/resubscribe", { id: "nope" });
    expect(serving).toMatchObject({ unserved: false, answered: false });
    expect((await methodServing(rpcOf("served"), "tasks/resubscribe", { id: "nope" })).answered).toBe(true);
  });

  it("takes the method as served where there is no raw JSON-RPC call", async () => {
    expect(await methodServing(undefined, "tasks/resubscribe", {})).toMatchObject({ unserved: false });
  });
});
