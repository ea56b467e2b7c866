import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import refusalAnswered from "./refusal-answered.js";

const servers: http.Server[] = [];
afterAll(() => {
  for (const server of servers) server.closeAllConnections();
  return Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
});

/**
 * A streaming 0.3 agent whose streamed refusal is one event without a JSON-RPC envelope, as seen at first
 * sight, while an ordinary message streams as it should.
 */
async function unframedRefusals(ordinaryPrefix = ""): Promise<string> {
  let url = "";
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      if (req.method === "GET") {
        res.setHeader("content-type", "application/json");
        return void res.end(JSON.stringify(handCard03(url)));
      }
      const call = JSON.parse(body) as { id: unknown; params?: { message?: { taskId?: string } } };
      res.setHeader("content-type", "text/event-stream");
      if (call.params?.message?.taskId)
        return void res.end('data: {"error":"A2AError: Task not found"}\n\ndata: [DONE]\n\n');
      // An ordinary message streams as it should: one finished Task, a JSON-RPC response.
      const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
      res.end(`data: ${ordinaryPrefix}${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task })}\n\n`);
    });
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return url;
}

/**
 * A streaming 0.3 agent whose every stream carries one unreadable event and is never closed (seen at first
 * sight: a JSON-RPC notification, then silence).
 */
async function unreadableOpenStreams(): Promise<string> {
  let url = "";
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.method === "GET") {
        res.setHeader("content-type", "application/json");
        return void res.end(JSON.stringify(handCard03(url)));
      }
      res.setHeader("content-type", "text/event-stream");
      res.write('data: {"jsonrpc":"2.0","method":"tasks/status","params":{}}\n\n');
    });
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return url;
}

describe("streaming.refusal-answered", () => {
  it("leaves to streaming.events-well-formed an agent whose ordinary stream is unreadable too, within its time", async () => {
    const byId = await verdictsOn(await unreadableOpenStreams(), [refusalAnswered], "JSONRPC");
    expect(byId.get("streaming.refusal-answered")).toMatchObject({ status: "skip" });
    expect(byId.get("streaming.refusal-answered")?.message).toMatch(
      /streaming\.events-well-formed reports it/,
    );
  });

  it("fails a refusal that arrives as an event no client can read", async () => {
    const byId = await verdictsOn(await unframedRefusals(), [refusalAnswered], "JSONRPC");
    expect(byId.get("streaming.refusal-answered")).toMatchObject({ status: "fail" });
    expect(byId.get("streaming.refusal-answered")?.message).toMatch(/neither JSON-RPC errors nor A2A events/);
  });

  it("leaves it to streaming.events-well-formed when the ordinary events are read only past a stray byte (the lab's VoltAgent)", async () => {
    const byId = await verdictsOn(await unframedRefusals("\u001e"), [refusalAnswered], "JSONRPC");
    expect(byId.get("streaming.refusal-answered")).toMatchObject({ status: "skip" });
  });
});

const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A streaming 0.3 agent that refuses a message naming an unknown task with a JSON-RPC error and streams an
 * ordinary one, but closes the connection on a message whose parts hold null (seen at first sight, a stdlib
 * bridge); `guarded` refuses that one -32602 instead.
 */
const dropsNullParts = (guarded: boolean) =>
  startRawAgent((call, res, url) => {
    res.setHeader("content-type", "application/json");
    if (!call) return void res.end(JSON.stringify(handCard03(url)));
    const message = call.params.message as { taskId?: string; parts?: unknown[] } | undefined;
    const refuse = (code: number) =>
      res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, error: { code, message: "refused" } }));
    if (message?.parts?.includes(null)) return guarded ? void refuse(-32602) : void res.socket?.destroy();
    if (message?.taskId) return void refuse(-32001);
    const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
    res.setHeader("content-type", "text/event-stream");
    res.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task })}\n\n`);
  });

describe("streaming.refusal-answered and a streamed message whose parts are [null]", () => {
  it("fails a connection closed with no response", async () => {
    const finding = (await verdictsOn(await dropsNullParts(false), [refusalAnswered])).get(
      refusalAnswered.id,
    );
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(/parts are \[null\] got no answer/);
  });

  it("passes it refused with an error", async () => {
    const finding = (await verdictsOn(await dropsNullParts(true), [refusalAnswered])).get(refusalAnswered.id);
    expect(finding).toMatchObject({ status: "pass" });
  });
});
