import { describe, expect, it } from "vitest";
import {
  handCard03,
  handCard10,
  rawAgentsClosedAfterAll,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import eventsWellFormed from "./events-well-formed.js";

const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A 0.3 agent whose message/stream sends its events without the JSON-RPC envelope, ends with a bare Message
 * and then leaves the stream open (as Dexto's server did at first sight).
 */
async function bareEventsLeftOpen(): Promise<string> {
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      return void res.end(JSON.stringify({ ...handCard03(url), capabilities: { streaming: true } }));
    }
    if (call.method !== "message/stream") {
      res.setHeader("content-type", "application/json");
      const error = { code: -32001, message: "Task not found" };
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, error }));
    }
    res.setHeader("content-type", "text/event-stream");
    res.write(
      `event: connected\ndata: ${JSON.stringify({ taskId: "t1", timestamp: "2026-12-06T00:00:00Z" })}\n\n`,
    );
    const message = {
      kind: "message",
      messageId: "m1",
      role: "agent",
      parts: [{ kind: "text", text: "hi" }],
    };
    res.write(`event: task.message\ndata: ${JSON.stringify(message)}\n\n`);
  });
}

describe("streaming.events-well-formed", () => {
  it("fails events sent without their JSON-RPC envelope, also when the stream stays open after its final one", async () => {
    const finding = (await verdictsOn(await bareEventsLeftOpen(), [eventsWellFormed])).get(
      "streaming.events-well-formed",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/"jsonrpc" is undefined, not "2.0"/);
  });

  it("names the first event without its envelope, also when it is no A2A event at all", async () => {
    const byId = await verdictsOn(await bareEventsLeftOpen(), [eventsWellFormed]);
    expect(byId.get("streaming.events-well-formed")?.message).toMatch(/event 1: /);
  });
});

const working = { state: "TASK_STATE_WORKING" };
const completed = { state: "TASK_STATE_COMPLETED" };
const artifact = { artifactId: "a1", parts: [{ text: "hello" }] };
const ids = { id: "t1", contextId: "c1" };
const update = { taskId: "t1", contextId: "c1" };

/** A 1.0 JSON-RPC agent whose SendStreamingMessage writes `events` (StreamResponse objects), then closes. */
async function streams10(events: object[]): Promise<string> {
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      return void res.end(JSON.stringify({ ...handCard10(url), capabilities: { streaming: true } }));
    }
    if (call.method !== "SendStreamingMessage") {
      res.setHeader("content-type", "application/json");
      const error = { code: -32001, message: "Task not found" };
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, error }));
    }
    res.setHeader("content-type", "text/event-stream");
    for (const result of events)
      res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result })}\n\n`);
    res.end();
  });
}

describe("streaming.events-well-formed on a 1.0 task stream", () => {
  it("fails a whole Task sent again while the task is at work, between the opening Task and the end", async () => {
    const url = await streams10([
      { task: { ...ids, status: working } },
      { task: { ...ids, status: working, artifacts: [artifact] } },
      { statusUpdate: { ...update, status: completed } },
    ]);
    const finding = (await verdictsOn(url, [eventsWellFormed])).get("streaming.events-well-formed");
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(/event 2 of 3 is the whole Task again \(state TASK_STATE_WORKING\)/);
  });

  it("passes updates after the opening Task, and a final Task snapshot before the stream closes (§11.7)", async () => {
    const url = await streams10([
      { task: { ...ids, status: working } },
      { artifactUpdate: { ...update, artifact } },
      { task: { ...ids, status: completed, artifacts: [artifact] } },
      { statusUpdate: { ...update, status: completed } },
      { task: { ...ids, status: completed, artifacts: [artifact] } },
    ]);
    const finding = (await verdictsOn(url, [eventsWellFormed])).get("streaming.events-well-formed");
    expect(finding).toMatchObject({ status: "pass" });
  });
});
