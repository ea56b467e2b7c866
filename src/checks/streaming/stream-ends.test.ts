import { describe, expect, it } from "vitest";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import finalEvent from "./final-event.js";
import streamEnds from "./stream-ends.js";

const startRawAgent = rawAgentsClosedAfterAll();

describe("streaming.stream-ends on a stream that never reaches a final event", () => {
  it("leaves it to streaming.final-event, one finding for one defect (seen at first sight: both failed)", async () => {
    const url = await startRawAgent((call, res, agentUrl) => {
      if (!call) {
        res.setHeader("content-type", "application/json");
        return void res.end(JSON.stringify({ ...handCard03(agentUrl), capabilities: { streaming: true } }));
      }
      const task = { kind: "task", id: "t1", contextId: "c1", status: { state: "submitted" } };
      if (call.method === "tasks/get") {
        res.setHeader("content-type", "application/json");
        return void res.end(
          JSON.stringify({
            jsonrpc: "2.0",
            id: call.id,
            result: { ...task, status: { state: "completed" } },
          }),
        );
      }
      // A task that never progresses: its one event, then silence with the connection open.
      res.setHeader("content-type", "text/event-stream");
      res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task })}\n\n`);
    });
    const byId = await verdictsOn(url, [finalEvent, streamEnds], "JSONRPC");
    expect(byId.get("streaming.final-event")).toMatchObject({ status: "fail" });
    expect(byId.get("streaming.stream-ends")).toMatchObject({ status: "skip" });
    expect(byId.get("streaming.stream-ends")?.message).toMatch(/streaming\.final-event reports it/);
  });
});
