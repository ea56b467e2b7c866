import { describe, expect, it } from "vitest";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import contentType from "./content-type.js";
import firstEvent from "./first-event.js";

const startAgent = rawAgentsClosedAfterAll();

/**
 * A 0.3 agent whose card claims streaming and whose message/stream answers like message/send: one JSON-RPC
 * response with the finished Task, as application/json (seen at first sight); with `sseAsJson` it sends a
 * proper SSE stream under the same wrong content type.
 */
const streamAnsweredAsJson = (sseAsJson: boolean) =>
  startAgent((call, res, url) => {
    res.setHeader("content-type", "application/json");
    if (!call) return void res.end(JSON.stringify({ ...handCard03(url), capabilities: { streaming: true } }));
    const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
    const reply = JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task });
    if (call.method === "message/stream" && sseAsJson) {
      const final = {
        kind: "status-update",
        taskId: "t-1",
        contextId: "c-1",
        status: task.status,
        final: true,
      };
      const event = JSON.stringify({ jsonrpc: "2.0", id: call.id, result: final });
      return void res.end(`data: ${reply}\n\ndata: ${event}\n\n`);
    }
    res.end(reply);
  });

describe("streaming.content-type", () => {
  it("leaves a stream answered as one JSON result to first-event, which fails it at MUST: one defect, one finding", async () => {
    const url = await streamAnsweredAsJson(false);
    const byId = await verdictsOn(url, [contentType, firstEvent]);
    expect(byId.get(firstEvent.id)?.status).toBe("fail");
    expect(byId.get(contentType.id)?.status).toBe("skip");
    expect(byId.get(contentType.id)?.message).toMatch(/one JSON result .*streaming\.first-event reports it/);
  });

  it("fails SSE events sent as application/json, which first-event still reads", async () => {
    const url = await streamAnsweredAsJson(true);
    const byId = await verdictsOn(url, [contentType, firstEvent]);
    expect(byId.get(contentType.id)?.status).toBe("fail");
    expect(byId.get(contentType.id)?.message).toMatch(/application\/json, not text\/event-stream/);
  });

  it("fails SSE frames sent with no Content-Type whose events none could read (a stray byte before each JSON, seen in the lab)", async () => {
    const url = await startAgent((call, res, url) => {
      if (!call) {
        res.setHeader("content-type", "application/json");
        return void res.end(JSON.stringify({ ...handCard03(url), capabilities: { streaming: true } }));
      }
      const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
      const reply = JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task });
      if (call.method !== "message/stream") {
        res.setHeader("content-type", "application/json");
        return void res.end(reply);
      }
      res.removeHeader("content-type");
      res.end(`data: \u001e${reply}\n\n`);
    });
    const finding = (await verdictsOn(url, [contentType])).get(contentType.id);
    expect(finding?.status).toBe("fail");
    expect(finding?.message).toMatch(/a response without Content-Type, not text\/event-stream/);
  });
});
