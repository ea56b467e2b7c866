import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { handCard03, verdictsOn } from "../../runner/testing/hand-agent.js";
import refusalAnswered from "./refusal-answered.js";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/** A streaming 0.3 agent whose streamed refusal is one event without a JSON-RPC envelope, as seen at first sight. */
async function unframedRefusals(): Promise<string> {
  let url = "";
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.method === "GET") {
        res.setHeader("content-type", "application/json");
        return void res.end(JSON.stringify(handCard03(url)));
      }
      res.setHeader("content-type", "text/event-stream");
      res.end('data: {"error":"A2AError: Task not found"}\n\ndata: [DONE]\n\n');
    });
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return url;
}

describe("streaming.refusal-answered", () => {
  it("fails a refusal that arrives as an event no client can read", async () => {
    const byId = await verdictsOn(await unframedRefusals(), [refusalAnswered], "JSONRPC");
    expect(byId.get("streaming.refusal-answered")).toMatchObject({ status: "fail" });
    expect(byId.get("streaming.refusal-answered")?.message).toMatch(/neither JSON-RPC errors nor A2A events/);
  });
});
