import { describe, expect, it } from "vitest";
import { handCard10, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import closedStreamSparesOthers from "./closed-stream-spares-others.js";
import severalSubscribers from "./several-subscribers.js";

const startAgent = rawAgentsClosedAfterAll();

/**
 * A streaming 1.0 agent whose tasks are stored submitted and never run (seen at first sight: a non-blocking
 * send returned before the work was queued): a subscription sends the Task and then stays open, as it should
 * while the task is not over.
 */
const neverRuns = () =>
  startAgent((call, res, url) => {
    const task = { id: "t-1", contextId: "c-1", status: { state: "TASK_STATE_SUBMITTED" } };
    const json = (body: unknown) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    };
    if (!call)
      return json({ ...handCard10(url), capabilities: { streaming: true, pushNotifications: false } });
    if (call.method === "SendMessage") return json({ jsonrpc: "2.0", id: call.id, result: { task } });
    if (call.method === "GetTask") return json({ jsonrpc: "2.0", id: call.id, result: task });
    if (call.method === "SubscribeToTask" || call.method === "SendStreamingMessage") {
      res.setHeader("content-type", "text/event-stream");
      res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: { task } })}\n\n`);
      return;
    }
    json({ jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "Method not found" } });
  });

describe("the checks of several subscriptions, on a task that never ends", () => {
  it("is not failed for subscriptions that stayed open while the task was still submitted", async () => {
    const finding = (await verdictsOn(await neverRuns(), [severalSubscribers])).get(severalSubscribers.id);
    expect(finding?.status, finding?.message).toBe("skip");
    expect(finding?.message).toMatch(/still TASK_STATE_SUBMITTED when Plainwright stopped waiting/);
  });

  it("does not fail streaming.closed-stream-spares-others for the kept subscription left open", async () => {
    const finding = (await verdictsOn(await neverRuns(), [closedStreamSparesOthers])).get(
      closedStreamSparesOthers.id,
    );
    expect(finding?.status, finding?.message).toBe("skip");
    expect(finding?.message).toMatch(/still TASK_STATE_SUBMITTED when Plainwright stopped waiting/);
  });
});
