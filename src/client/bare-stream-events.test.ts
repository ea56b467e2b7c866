import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { TrafficLog } from "../net/traffic.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";

// An agent whose stream events are the payloads themselves, without the JSON-RPC envelope (seen at first sight
// on four servers), then a refusal no client can read ({"error": "..."}).
const EVENTS = [
  { kind: "status-update", taskId: "t1", contextId: "c1", status: { state: "working" }, final: false },
  { type: "token", taskId: "t1", token: "Echo" },
  { kind: "status-update", taskId: "t1", contextId: "c1", status: { state: "completed" }, final: true },
  { error: "A2AError: Task not found" },
];
let server: LoopbackServer;
beforeAll(async () => {
  server = await serve((_req, res) => {
    res.setHeader("Content-Type", "text/event-stream");
    res.end(EVENTS.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(""));
  });
});
afterAll(() => server.close());

describe("a stream whose events carry no JSON-RPC envelope", () => {
  it("is read for what its events say, and each missing envelope is kept as an invalid event", async () => {
    const client = new JsonRpcA2AClient(
      { url: server.url, binding: "JSONRPC", generation: "0.3" },
      { headers: {}, timeoutMs: 1500, policy: commandLinePolicy, traffic: new TrafficLog() },
    );
    const live: string[] = [];
    const streamed = await client.stream({ text: "hi" }, (event) => void live.push(event.kind));
    expect(streamed.events.map((e) => e.kind)).toEqual(["status-update", "status-update"]);
    expect(live).toEqual(["status-update", "status-update"]);
    expect(streamed.invalidEvents).toEqual([
      'event 1: "jsonrpc" is undefined, not "2.0"',
      'event 2: "jsonrpc" is undefined, not "2.0"',
      'event 3: "jsonrpc" is undefined, not "2.0"',
      'event 4: "jsonrpc" is undefined, not "2.0"',
    ]);
    expect(streamed.errors).toEqual([]);
  });
});

describe("a bare event that arrives while the stream is read live", () => {
  it("is told as unframed to the listener, naming the first such event, so a check that stops reading early still knows", async () => {
    const client = new JsonRpcA2AClient(
      { url: server.url, binding: "JSONRPC", generation: "0.3" },
      { headers: {}, timeoutMs: 1500, policy: commandLinePolicy, traffic: new TrafficLog() },
    );
    const told: Array<string | undefined> = [];
    await client.stream({ text: "hi" }, (_event, _raw, unframed) => void told.push(unframed));
    // The second readable event (event 3) is told the first unframed one, where the defect began.
    expect(told).toEqual([
      'event 1: "jsonrpc" is undefined, not "2.0"',
      'event 1: "jsonrpc" is undefined, not "2.0"',
    ]);
  });
});
