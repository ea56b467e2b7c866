import { describe, expect, it } from "vitest";
import { handCard01, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import cancelRunning0x from "./cancel-running-0x.js";

const startAgent = rawAgentsClosedAfterAll();

/**
 * A 0.1 agent whose long work (the suite's in-flight probe names its task plainwright-…) lasts until the task
 * is canceled, the task readable as working meanwhile; any other send finishes at once. With `overwrites`, the
 * work's end then sets the canceled task completed all the same (seen at first sight), and the send answers so.
 */
const blockingAgent = (overwrites: boolean) =>
  startAgent((call, res, url) => {
    const json = (body: unknown) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    };
    if (!call) return json(handCard01(url));
    const id = String(call.params.id);
    const task = (state: string) => ({ id, sessionId: "s-1", status: { state } });
    const reply = (result: unknown) => json({ jsonrpc: "2.0", id: call.id, result });
    if (call.method === "tasks/send") {
      const finish = () => {
        if (overwrites || states.get(id) !== "canceled") states.set(id, "completed");
        reply(task(states.get(id) ?? "completed"));
      };
      states.set(id, "working");
      if (!id.startsWith("plainwright-")) return finish();
      return void workEnds.set(id, finish);
    }
    const state = states.get(id);
    if (state === undefined)
      return json({ jsonrpc: "2.0", id: call.id, error: { code: -32001, message: "Task not found" } });
    if (call.method === "tasks/get") return reply(task(state));
    if (call.method === "tasks/cancel") {
      states.set(id, "canceled");
      reply(task("canceled"));
      return workEnds.get(id)?.();
    }
    json({ jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "Method not found" } });
  });
const states = new Map<string, string>();
const workEnds = new Map<string, () => void>();

describe("lifecycle.cancel-running-0x: a task canceled while its own tasks/send is in flight", () => {
  it("fails when the send's end writes the canceled task over", async () => {
    const finding = (await verdictsOn(await blockingAgent(true), [cancelRunning0x])).get(cancelRunning0x.id);
    expect(finding, finding?.message).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /canceled while the tasks\/send that started it was still in flight, but its tasks\/send then answered it completed and it reads completed after/,
    );
  });

  it("passes when the task stays canceled", async () => {
    const finding = (await verdictsOn(await blockingAgent(false), [cancelRunning0x])).get(cancelRunning0x.id);
    expect(finding?.status, finding?.message).toBe("pass");
    expect(finding?.message).toMatch(/stayed canceled after the send returned/);
  });
});
