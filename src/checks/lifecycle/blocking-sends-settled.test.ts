import { describe, expect, it } from "vitest";
import { handAgentsClosedAfterAll, handCard10, verdictsOn } from "../../runner/testing/hand-agent.js";
import blockingSendsSettled from "./blocking-sends-settled.js";
import taskIdImpliesContext from "./task-id-implies-context.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 1.0 agent whose blocking send of a new conversation waits for the task, and whose send into a task it already
 * has comes back with the task still working (seen at first sight: the server's own reply timeout), unless `waits`.
 */
async function earlyOnFollowUps(waits: boolean, firstEarly = false): Promise<string> {
  let next = 0;
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard10(url);
    const message = (request.params.message ?? {}) as { taskId?: string; contextId?: string };
    if (request.method === "SendMessage") {
      const id = message.taskId ?? `t${++next}`;
      const early = firstEarly || (message.taskId && !waits);
      const state = early ? "TASK_STATE_WORKING" : "TASK_STATE_COMPLETED";
      return { result: { task: { id, contextId: message.contextId ?? "c1", status: { state } } } };
    }
    const id = String(request.params.id);
    return { result: { id, contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } } };
  });
  return agent.url;
}

describe("lifecycle.blocking-sends-settled", () => {
  it("fails a blocking send into a task that came back with the task still working", async () => {
    const byId = await verdictsOn(await earlyOnFollowUps(false), [
      blockingSendsSettled,
      taskIdImpliesContext,
    ]);
    const finding = byId.get(blockingSendsSettled.id);
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/returned the task still in progress \(task t\d+ TASK_STATE_WORKING/);
  });

  it("leaves it to lifecycle.execution-mode when the ordinary message's blocking send came back working", async () => {
    const byId = await verdictsOn(await earlyOnFollowUps(false, true), [
      blockingSendsSettled,
      taskIdImpliesContext,
    ]);
    expect(byId.get(blockingSendsSettled.id)).toMatchObject({ status: "skip" });
    expect(byId.get(blockingSendsSettled.id)?.message).toMatch(/lifecycle.execution-mode reports it/);
  });

  it("passes when every blocking send waited", async () => {
    const byId = await verdictsOn(await earlyOnFollowUps(true), [blockingSendsSettled, taskIdImpliesContext]);
    expect(byId.get(blockingSendsSettled.id)).toMatchObject({ status: "pass" });
  });
});
