import { describe, expect, it } from "vitest";
import {
  handCard01,
  handCard03,
  rawAgentsClosedAfterAll,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import finalEvent from "./final-event-01.js";
import firstEvent from "./first-event.js";
import finalEventOf03 from "./final-event.js";

const startAgent = rawAgentsClosedAfterAll();
const streamingCard = (card: Record<string, unknown>) => ({ ...card, capabilities: { streaming: true } });

/**
 * A streaming 0.3 agent that takes only messages in its own template: any other text is refused -32602 on
 * send and stream alike (seen at first sight); with `streamRefusedOnly`, the send takes it and only the
 * stream refuses it.
 */
const templateOnly = (streamRefusedOnly = false) =>
  startAgent((call, res, url) => {
    res.setHeader("content-type", "application/json");
    if (!call) return void res.end(JSON.stringify(streamingCard(handCard03(url))));
    if (call.method === "message/send" && streamRefusedOnly) {
      const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task }));
    }
    const error = { code: -32602, message: "the text must name a goal and a starting entity" };
    res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, error }));
  });

describe("streaming.first-event", () => {
  it("does not fail streaming when the agent refuses the suite's message alike on send and stream", async () => {
    const finding = (await verdictsOn(await templateOnly(), [firstEvent])).get("streaming.first-event");
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/refused the suite's message alike on send and stream/);
  });

  it("fails a stream refused with an error the send of the same message does not give", async () => {
    const finding = (await verdictsOn(await templateOnly(true), [firstEvent])).get("streaming.first-event");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/gave no event stream: InvalidParams \(-32602\)/);
  });

  it("reads SSE frames sent with no Content-Type at all (the header is streaming.content-type's)", async () => {
    const url = await startAgent((call, res, url) => {
      if (!call) {
        res.setHeader("content-type", "application/json");
        return void res.end(JSON.stringify(streamingCard(handCard03(url))));
      }
      const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
      res.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task })}\n\n`);
    });
    const finding = (await verdictsOn(url, [firstEvent])).get("streaming.first-event");
    expect(finding).toMatchObject({ status: "pass" });
  });
});

describe("a 0.1 stream whose updates carry their state beside the task id (seen at first sight)", () => {
  it("ends with the update marked final: streaming.final-event-01 passes", async () => {
    const url = await startAgent((call, res, url) => {
      if (!call) {
        res.setHeader("content-type", "application/json");
        return void res.end(JSON.stringify(streamingCard(handCard01(url))));
      }
      const id = (call.params.id as string | undefined) ?? "t-1";
      if (!call.method.startsWith("tasks/")) {
        res.setHeader("content-type", "application/json");
        const error = { code: -32601, message: "Method not found" };
        return void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, error }));
      }
      if (call.method !== "tasks/sendSubscribe") {
        res.setHeader("content-type", "application/json");
        const task = { id, sessionId: "s", status: { state: "completed" } };
        return void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task }));
      }
      res.setHeader("content-type", "text/event-stream");
      const event = (result: unknown) =>
        `data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result })}\n\n`;
      res.end(
        event({ id, state: "working", final: false }) +
          event({ id, state: "working", artifact: { parts: [{ type: "text", text: "hi" }] }, final: false }) +
          event({ id, state: "completed", final: true }),
      );
    });
    const finding = (await verdictsOn(url, [finalEvent])).get("streaming.final-event-01");
    expect(finding, finding?.message).toMatchObject({ status: "pass" });
  });
});

describe("streaming.final-event on a 0.3 stream that ends with the Task", () => {
  /** A 0.3 stream: a working update (final: false), then the Task in `state` (or an update marked final), then the close. */
  const endingWith = (end: "task" | "unmarked-update") =>
    startAgent((call, res, url) => {
      if (!call) {
        res.setHeader("content-type", "application/json");
        return void res.end(JSON.stringify(streamingCard(handCard03(url))));
      }
      const task = (state: string) => ({ kind: "task", id: "t-1", contextId: "c-1", status: { state } });
      if (call.method !== "message/stream")
        return void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task("completed") }));
      const update = (state: string) => ({
        kind: "status-update",
        taskId: "t-1",
        contextId: "c-1",
        status: { state },
        final: false,
      });
      const events = [
        task("submitted"),
        update("working"),
        end === "task" ? task("completed") : update("completed"),
      ];
      res.setHeader("content-type", "text/event-stream");
      for (const result of events)
        res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result })}\n\n`);
      res.end();
    });

  it("passes: the terminal Task and the close end it, final:true being the 0.3 topic's description, with no keyword", async () => {
    const finding = (await verdictsOn(await endingWith("task"), [finalEventOf03])).get(
      "streaming.final-event",
    );
    expect(finding).toMatchObject({ status: "pass" });
  });

  it("fails a stream whose last status update reaches the terminal state without final:true", async () => {
    const finding = (await verdictsOn(await endingWith("unmarked-update"), [finalEventOf03])).get(
      "streaming.final-event",
    );
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(/0 event\(s\) carry final:true/);
  });
});
