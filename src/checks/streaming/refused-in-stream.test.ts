import { describe, expect, it } from "vitest";
import { validCard10 } from "../../card/fixtures.js";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import eventsWellFormed from "./events-well-formed.js";
import finalEvent from "./final-event.js";
import firstEvent from "./first-event.js";
import streamEnds from "./stream-ends.js";
import subscribeUnknownTask from "./subscribe-unknown-task.js";
import subscribeUnknownTask0x from "./subscribe-unknown-task-0x.js";

const startRawAgent = rawAgentsClosedAfterAll();

/** A streaming 0.3 agent that refuses every message stream with one JSON-RPC error event (seen at first sight). */
function refusesInsideStreams(): Promise<string> {
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      return void res.end(JSON.stringify({ ...handCard03(url), capabilities: { streaming: true } }));
    }
    const error = { code: -32602, message: "Invalid params", data: "unknown part type: undefined" };
    const reply = JSON.stringify({ jsonrpc: "2.0", id: call.id, error });
    if (call.method === "message/stream" || call.method === "tasks/resubscribe") {
      res.setHeader("content-type", "text/event-stream");
      return void res.end(`data: ${reply}\n\n`);
    }
    res.setHeader("content-type", "application/json");
    res.end(reply);
  });
}

describe("a message stream refused inside the event stream", () => {
  it("is first-event's finding, said once: the checks of a stream's events have none to judge", async () => {
    const byId = await verdictsOn(await refusesInsideStreams(), [
      eventsWellFormed,
      finalEvent,
      firstEvent,
      streamEnds,
    ]);
    expect(byId.get("streaming.first-event")).toMatchObject({ status: "fail" });
    expect(byId.get("streaming.first-event")?.message).toMatch(/refused inside the event stream \(.* -32602/);
    expect(byId.get("streaming.events-well-formed")).toMatchObject({ status: "skip" });
    expect(byId.get("streaming.final-event")).toMatchObject({ status: "skip" });
    // Not a pass "closed after 0 events": there was no task whose stream could end.
    expect(byId.get("streaming.stream-ends")).toMatchObject({ status: "skip" });
    expect(byId.get("streaming.stream-ends")?.message).toMatch(/streaming\.first-event reports it/);
  });
});

/** A streaming 1.0 agent that answers a subscribe to an unknown task with one TaskNotFound error event. */
function notFoundInsideStream(): Promise<string> {
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      const card = {
        ...validCard10(),
        securitySchemes: undefined,
        securityRequirements: undefined,
        capabilities: { streaming: true },
        supportedInterfaces: [{ url, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
      };
      return void res.end(JSON.stringify(card));
    }
    const error = { code: -32001, message: "Task not found" };
    res.setHeader("content-type", "text/event-stream");
    res.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, error })}\n\n`);
  });
}

describe("a subscription to an unknown task refused inside the event stream", () => {
  it("passes: the one error event is the JSON-RPC answer (1.0.1 §9.4.2)", async () => {
    const byId = await verdictsOn(await notFoundInsideStream(), [subscribeUnknownTask]);
    expect(byId.get("streaming.subscribe-unknown-task")).toMatchObject({ status: "pass" });
    expect(byId.get("streaming.subscribe-unknown-task")?.message).toMatch(/TaskNotFound \(-32001\) inside/);
  });
});

/**
 * A streaming 0.3 agent whose stream methods are not served: each stream is one event holding a bare error
 * object, without jsonrpc or id (seen at first sight).
 */
function unservedInsideBareStream(): Promise<string> {
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      return void res.end(JSON.stringify({ ...handCard03(url), capabilities: { streaming: true } }));
    }
    const error = { code: -32601, message: "Method not found" };
    if (call.method === "message/stream" || call.method === "tasks/resubscribe") {
      res.setHeader("content-type", "text/event-stream");
      return void res.end(`data: ${JSON.stringify({ error })}\n\n`);
    }
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, error }));
  });
}

describe("a stream refused with an error object that lacks its envelope", () => {
  it("is read as the refusal it is: the stream method is not served, the missing envelope said once", async () => {
    const byId = await verdictsOn(await unservedInsideBareStream(), [
      eventsWellFormed,
      firstEvent,
      subscribeUnknownTask0x,
    ]);
    expect(byId.get("streaming.first-event")).toMatchObject({ status: "fail" });
    expect(byId.get("streaming.first-event")?.message).toMatch(/-32601/);
    // Not "opened an event stream without an error": the subscription was refused as an unknown method.
    expect(byId.get("streaming.subscribe-unknown-task-0x")?.status).not.toBe("fail");
  });
});
