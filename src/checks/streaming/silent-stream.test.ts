import { describe, expect, it } from "vitest";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import finalEvent from "./final-event.js";
import streamEnds from "./stream-ends.js";

const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A streaming 0.3 agent whose message stream sends the task working, then nothing, and stays open. Its
 * tasks read back as `readBack`: still working (an agent that serves one task at a time leaves the earlier
 * ones so, seen at first sight), or completed (the stream is held open past the task's end).
 */
async function silentStream(readBack: "working" | "completed"): Promise<string> {
  let n = 0;
  return startRawAgent((call, res, url) => {
    res.setHeader(
      "content-type",
      call?.method === "message/stream" ? "text/event-stream" : "application/json",
    );
    if (!call) return void res.end(JSON.stringify({ ...handCard03(url), capabilities: { streaming: true } }));
    const task = (id: string, state: string) => ({ kind: "task", id, contextId: "c-1", status: { state } });
    if (call.method === "message/stream") {
      n += 1;
      return void res.write(
        `data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task(`t-${n}`, "working") })}\n\n`,
      );
    }
    const reply =
      call.method === "tasks/get"
        ? { result: task(String(call.params.id), readBack) }
        : call.method === "message/send"
          ? { result: task("t-send", "completed") }
          : { error: { code: -32601, message: "Method not found" } };
    res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...reply }));
  });
}

describe("a message stream that goes silent", () => {
  it("is not failed while its task still works: a stream stays open until its task's final event", async () => {
    const byId = await verdictsOn(await silentStream("working"), [streamEnds, finalEvent]);
    for (const check of [streamEnds, finalEvent]) {
      expect(byId.get(check.id), check.id).toMatchObject({ status: "skip" });
      expect(byId.get(check.id)?.message, check.id).toMatch(
        /went silent while its task t-\d+ was still working/,
      );
    }
  });

  it("fails when its task has ended and the stream is still held open, once: by streaming.final-event (no final event came)", async () => {
    const byId = await verdictsOn(await silentStream("completed"), [streamEnds, finalEvent]);
    expect(byId.get(finalEvent.id)).toMatchObject({ status: "fail" });
    expect(byId.get(streamEnds.id)).toMatchObject({ status: "skip" });
  });
});
