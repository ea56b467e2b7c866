import { describe, expect, it } from "vitest";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import subscribeRunning0x from "./subscribe-running-0x.js";

const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A streaming 0.3 agent whose tasks keep working, and whose resubscription sends the task once and closes
 * while it still works (seen at first sight), or (`keepsOpen`) stays open as it should.
 */
async function subscriptionAgent(keepsOpen: boolean, finishes = false, nested = false): Promise<string> {
  const working = (id: string) => ({ kind: "task", id, contextId: "c-1", status: { state: "working" } });
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      return void res.end(JSON.stringify({ ...handCard03(url), capabilities: { streaming: true } }));
    }
    const id = typeof call.params.id === "string" ? call.params.id : "t-1";
    if (call.method === "tasks/resubscribe" || call.method === "message/stream") {
      res.setHeader("content-type", "text/event-stream");
      // Seen at first sight: the Task nested one level down, {"kind": "task", "task": {...}}.
      const first =
        nested && call.method === "tasks/resubscribe" ? { kind: "task", task: working(id) } : working(id);
      res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: first })}\n\n`);
      if (finishes && call.method === "tasks/resubscribe") {
        const done = {
          kind: "status-update",
          taskId: id,
          contextId: "c-1",
          status: { state: "completed" },
          final: true,
        };
        res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: done })}\n\n`);
      }
      if (!keepsOpen || call.method === "message/stream") res.end();
      return;
    }
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result: working(id) }));
  });
}

describe("streaming.subscribe-running-0x", () => {
  it("fails a subscription the agent closes while its task still works", async () => {
    const byId = await verdictsOn(await subscriptionAgent(false), [subscribeRunning0x]);
    const finding = byId.get("streaming.subscribe-running-0x");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/ended after 1 event\(s\) while the task was still working/);
  });

  it("fails a subscription that stays open after its task's final event", async () => {
    const byId = await verdictsOn(await subscriptionAgent(true, true), [subscribeRunning0x]);
    const finding = byId.get("streaming.subscribe-running-0x");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/carried the task's final event, then stayed open \d+ ms/);
  });

  it("fails a first event that is no Task of the schema, though its task id can be read", async () => {
    const byId = await verdictsOn(await subscriptionAgent(true, false, true), [subscribeRunning0x]);
    const finding = byId.get("streaming.subscribe-running-0x");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /first event of the subscription to task .* is an object holding a Task under "task"/,
    );
  });

  it("says every problem: a first event that breaks the schema, and the stream left open after the final one", async () => {
    const byId = await verdictsOn(await subscriptionAgent(true, true, true), [subscribeRunning0x]);
    const finding = byId.get("streaming.subscribe-running-0x");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /is an object holding a Task under "task".*; the subscription to task .* stayed open/,
    );
  });

  it("passes a subscription that stays open while its task works", async () => {
    const byId = await verdictsOn(await subscriptionAgent(true), [subscribeRunning0x]);
    const finding = byId.get("streaming.subscribe-running-0x");
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/stayed open while the task worked/);
  });
});
