import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import refusalStatus0x from "./refusal-status-0x.js";

const startRawAgent = rawAgentsClosedAfterAll();

type Refuse = (id: unknown, res: ServerResponse) => void;

/** A streaming 0.1 agent (tasks/send, tasks/sendSubscribe) that refuses a subscription as `refuse` says. */
function oneZeroOneAgent(refuse: Refuse): Promise<string> {
  return startRawAgent((call, res, url) => {
    const json = (status: number, body: object) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!call)
      return json(200, { name: "Tasks", url, version: "1", capabilities: { streaming: true }, skills: [] });
    const error = (code: number) => ({ jsonrpc: "2.0", id: call.id, error: { code, message: "refused" } });
    if (call.method === "tasks/send") return json(200, error(call.params.message ? -32001 : -32602));
    if (call.method === "tasks/sendSubscribe") return refuse(call.id, res);
    json(200, error(-32601));
  });
}

const judged = async (refuse: Refuse) =>
  (await verdictsOn(await oneZeroOneAgent(refuse), [refusalStatus0x])).get("streaming.refusal-status-0x");

const invalidParams = (id: unknown) =>
  JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32602, message: "no id" } });

describe("streaming.refusal-status-0x", () => {
  it("passes a refused subscription answered with HTTP 400 and a JSON-RPC error", async () => {
    const finding = await judged((id, res) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(invalidParams(id));
    });
    expect(finding).toMatchObject({ status: "pass" });
  });

  it("fails a refusal answered HTTP 200 (seen at first sight on two 0.1 servers)", async () => {
    const finding = await judged((id, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(invalidParams(id));
    });
    expect(finding).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(finding?.message).toMatch(/refused with HTTP 200 and a JSON-RPC error; A2A 0\.1 §7\.2/);
  });

  it("fails a refusal that is an event stream closing with nothing in it", async () => {
    const finding = await judged((_id, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end();
    });
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/an event stream that closed with nothing in it/);
  });

  // Seen at first sight: a card that claims streaming before an agent without tasks/sendSubscribe.
  it("leaves an unserved tasks/sendSubscribe (MethodNotFound, HTTP 200) to streaming.first-event", async () => {
    const finding = await judged((id, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } }));
    });
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/not served, which streaming\.first-event reports/);
  });
});
