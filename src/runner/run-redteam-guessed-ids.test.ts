import type http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { runRedteamTest } from "./run-redteam-test.js";
import type { A2ATestConfig } from "./test-definition.js";

const policy = { allowLoopback: true, allowPrivate: true, allowHosts: [] };
const guessed = "redteam.cross-context-leakage.guessed-task-id";

/**
 * An A2A 0.3 agent written for this test: task ids count up ("task-1", "task-2", ...), as in many hand-written
 * servers. `scoped` keeps each caller's tasks to the caller (by its Authorization header).
 */
function countingAgent(scoped: boolean): http.RequestListener {
  const tasks = new Map<string, { owner: string; task: Record<string, unknown> }>();
  let next = 0;
  return (req, res) => {
    const send = (body: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET") {
      const base = `http://${req.headers.host}`;
      return send({
        name: "Counter",
        description: "Numbers its tasks",
        url: `${base}/rpc`,
        version: "1.0.0",
        protocolVersion: "0.3.0",
        preferredTransport: "JSONRPC",
        capabilities: {},
        defaultInputModes: ["text/plain"],
        defaultOutputModes: ["text/plain"],
        skills: [{ id: "answer", name: "Answer", description: "Answers questions", tags: ["faq"] }],
      });
    }
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const call = JSON.parse(text) as { id: unknown; method: string; params: Record<string, unknown> };
      const caller = req.headers.authorization ?? "";
      if (call.method === "message/send") {
        next += 1;
        const id = `task-${next}`;
        const reply = {
          kind: "message",
          role: "agent",
          messageId: `m-${next}`,
          parts: [{ kind: "text", text: "Noted." }],
        };
        const task = {
          kind: "task",
          id,
          contextId: `ctx-${next}`,
          status: { state: "completed", message: reply },
        };
        tasks.set(id, { owner: caller, task });
        return send({ jsonrpc: "2.0", id: call.id, result: task });
      }
      if (call.method === "tasks/get") {
        const found = tasks.get(String(call.params.id));
        if (found && (!scoped || found.owner === caller))
          return send({ jsonrpc: "2.0", id: call.id, result: found.task });
        return send({ jsonrpc: "2.0", id: call.id, error: { code: -32001, message: "Task not found" } });
      }
      send({ jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "Method not found" } });
    });
  };
}

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function guessedAttack(scoped: boolean) {
  server = await serve(countingAgent(scoped));
  const config = {
    agent_url: server.url,
    headers: { Authorization: "Bearer alice-token" },
    strict_card: false,
    timeout_s: 10,
    packs: ["cross-context-leakage"],
    attempts: 1,
    identities: [{ name: "bob", headers: { Authorization: "Bearer bob-token" } }],
  } as A2ATestConfig;
  const result = await runRedteamTest({ config, policy, env: {}, pollIntervalMs: 50 });
  const finding = result.findings?.find((f) => f.id === guessed);
  const record = result.redteam?.attacks.find((a) => a.id === "cross-context-leakage.guessed-task-id")
    ?.records[0];
  return { finding, record };
}

describe("a task id guessed from one's own", () => {
  it("is a success when ids count up and the agent hands any caller any task", async () => {
    const { finding, record } = await guessedAttack(false);
    expect(finding?.status).toBe("fail");
    expect(record).toMatchObject({ outcome: "success", decided_by: "protocol" });
    // Bob guessed a neighbour of his own task id (the other attacks of the pack numbered tasks too).
    expect(record?.evidence).toMatch(/guessed task-\d+ from its own task id task-\d+ and read that task/);
  });

  it("is resisted when the agent keeps each caller's tasks to the caller, though its ids count up", async () => {
    const { finding, record } = await guessedAttack(true);
    expect(finding?.status).toBe("pass");
    expect(record).toMatchObject({ outcome: "resisted", decided_by: "protocol" });
    expect(record?.evidence).toMatch(
      /none of the 8 ids next to its own task id task-\d+ \((task-\d+, ){7}task-\d+\) named the other caller's task/,
    );
  });
});
