import { describe, expect, it } from "vitest";
import { rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import finalEvent from "./final-event-01.js";

const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A hand-written A2A 0.1 agent that streams tasks/sendSubscribe: `snapshots`, each event is the whole Task
 * (seen at first sight), the last one completed and nowhere marked final; otherwise status updates, the last
 * one `final: true`, as 0.1's schema has them.
 */
async function streaming01(snapshots: boolean, lastState = "completed"): Promise<string> {
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      const card = {
        name: "Echo",
        description: "Echoes",
        url,
        version: "1.0.0",
        capabilities: { streaming: true, pushNotifications: false },
        authentication: { schemes: ["public"] },
        defaultInputModes: ["text/plain"],
        defaultOutputModes: ["text/plain"],
        skills: [{ id: "echo", name: "Echo", description: "Echoes", examples: ["hello"] }],
      };
      return void res.end(JSON.stringify(card));
    }
    const id = typeof call.params.id === "string" ? call.params.id : "t1";
    if (call.method !== "tasks/sendSubscribe") {
      res.setHeader("content-type", "application/json");
      const served = call.method === "tasks/send" || call.method === "tasks/get";
      const answer = served
        ? { result: { id, status: { state: "completed" } } }
        : { error: { code: -32601, message: "Method not found" } };
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...answer }));
    }
    const event = (state: string, last: boolean) =>
      snapshots
        ? { id, sessionId: "s1", status: { state }, history: [] }
        : { id, status: { state }, final: last };
    res.setHeader("content-type", "text/event-stream");
    for (const [state, last] of [
      ["working", false],
      [lastState, true],
    ] as const)
      res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: event(state, last) })}\n\n`);
    res.end();
  });
}

describe("streaming.final-event-01 (A2A 0.1)", () => {
  it("fails a stream of Task snapshots that never marks its end final (0.1 streams only updates)", async () => {
    const finding = (await verdictsOn(await streaming01(true), [finalEvent])).get("streaming.final-event-01");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/0 event\(s\) carry final:true/);
  });

  it("passes status updates whose last one is final", async () => {
    const finding = (await verdictsOn(await streaming01(false), [finalEvent])).get(
      "streaming.final-event-01",
    );
    expect(finding).toMatchObject({ status: "pass" });
  });

  it("quotes a last state that is no TaskState as the agent spelled it", async () => {
    const finding = (await verdictsOn(await streaming01(false, "paused"), [finalEvent])).get(
      "streaming.final-event-01",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/the last event reports "paused", which is no A2A TaskState/);
  });
});
