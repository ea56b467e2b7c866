import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import invalidRequest from "../checks/errors/invalid-request.js";
import serverSurvives from "../checks/errors/server-survives.js";
import getTask from "../checks/lifecycle/get-task.js";
import sendReturnsTask from "../checks/lifecycle/send-returns-task.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { cutOffWithAgent } from "./agent-died.js";
import { handCard03 } from "./testing/hand-agent.js";
import { runConformance } from "./run-conformance.js";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/**
 * A 0.3 agent whose process dies on a body that is the JSON literal null (seen at first sight: an unhandled
 * rejection): the connection is cut and the port closed for good.
 */
async function agentKilledByNull(refusesMessages = false): Promise<string> {
  const sockets = new Set<Socket>();
  let url = "";
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "GET") return void res.end(JSON.stringify(handCard03(url)));
      if (body.trim() === "null") {
        server.close();
        for (const s of sockets) s.destroy();
        return;
      }
      const call = JSON.parse(body) as { id?: unknown; method?: string };
      const task = { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } };
      const answer =
        call.method === "message/send" && refusesMessages
          ? { error: { code: -32602, message: "the message must name a goal" } }
          : call.method === "message/send" || call.method === "tasks/get"
            ? { result: task }
            : { error: { code: -32600, message: "Invalid Request" } };
      res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id ?? null, ...answer }));
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return url;
}

describe("an agent that a bad request takes down", () => {
  it("fails errors.server-survives, naming the exchange it cut off, not only 'not run'", async () => {
    const result = await runConformance({
      agentUrl: await agentKilledByNull(),
      headers: {},
      timeoutMs: 3000,
      policy: commandLinePolicy,
      catalogue: [sendReturnsTask, invalidRequest, serverSurvives],
      concurrency: 1,
    });
    const survives = result.findings?.find((f) => f.id === "errors.server-survives");
    expect(survives).toMatchObject({ status: "fail" });
    expect(survives?.message).toMatch(/the agent stopped answering .* during the run/);
    expect(survives?.message).toMatch(/cut off when it did, malformed ones first: [^;(]*\(POST [^ ]+ "null"/);
    expect(survives?.evidence?.length).toBeGreaterThan(0);
  });
});

describe("an agent that refuses the suite's messages and a bad request takes down", () => {
  it("still fails errors.server-survives: the check runs last and asks whether the agent answers", async () => {
    const result = await runConformance({
      agentUrl: await agentKilledByNull(true),
      headers: {},
      timeoutMs: 3000,
      policy: commandLinePolicy,
      catalogue: [sendReturnsTask, invalidRequest, serverSurvives],
    });
    const survives = result.findings?.find((f) => f.id === "errors.server-survives");
    expect(survives, JSON.stringify(result.findings)).toMatchObject({ status: "fail" });
    expect(survives?.message).toMatch(/the agent stopped answering .* during the run/);
  });
});

describe("the checks whose malformed bodies may take an agent down", () => {
  it("run after the ordinary checks, so an agent a null body kills is judged first", async () => {
    const result = await runConformance({
      agentUrl: await agentKilledByNull(),
      headers: {},
      timeoutMs: 3000,
      policy: commandLinePolicy,
      catalogue: [sendReturnsTask, invalidRequest, getTask, serverSurvives],
      // One at a time in the catalogue's order: without phases the null body would come before the read.
      concurrency: 1,
    });
    const byId = new Map(result.findings?.map((f) => [f.id, f]));
    expect(byId.get(getTask.id)?.status, byId.get(getTask.id)?.message).toBe("pass");
    expect(byId.get(serverSurvives.id)).toMatchObject({ status: "fail" });
  });
});

describe("a check failed only by an agent that had stopped answering", () => {
  it("is told from a check whose first problem is a verdict on an answer", () => {
    expect(
      cutOffWithAgent(
        "send failed: could not connect to http://127.0.0.1:1/a2a: ECONNRESET (connection reset)",
      ),
    ).toBe(true);
    expect(
      cutOffWithAgent(
        'a request without "jsonrpc": "2.0" got no answer: could not connect to http://127.0.0.1:1/a2a: connection closed early',
      ),
    ).toBe(true);
    expect(
      cutOffWithAgent(
        "a request whose id is an object was answered HTTP 200 with JSON-RPC error -32001, not error -32600; the JSON literal null was answered nothing, the exchange failed (could not connect: ECONNRESET)",
      ),
    ).toBe(false);
  });
});
