import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard10,
  refusal,
  verdictsOn,
  type HandRequest,
} from "../../runner/testing/hand-agent.js";
import listTasksOrder from "./list-tasks-order.js";

const startHandAgent = handAgentsClosedAfterAll();

interface Stored {
  id: string;
  contextId: string;
  state: string;
  created: number;
  updated: number;
}

/**
 * A 1.0 agent with a task store: a blocking send completes at once, a send with returnImmediately stays
 * working until canceled. Each change moves a counter on, so updates are ordered without a clock.
 * `sortBy`: what ListTasks orders by, newest first; `timed`: whether statuses carry the update as a timestamp.
 */
async function listingAgent(sortBy: "updated" | "created", timed: boolean): Promise<string> {
  const tasks = new Map<string, Stored>();
  let clock = 0;
  const wire = (t: Stored) => ({
    id: t.id,
    contextId: t.contextId,
    status: {
      state: `TASK_STATE_${t.state.toUpperCase()}`,
      ...(timed ? { timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, t.updated)).toISOString() } : {}),
    },
  });
  const agent = await startHandAgent((request: HandRequest, url) => {
    if (request.kind === "card") return handCard10(url);
    const { method, params } = request;
    if (method === "SendMessage") {
      const message = params.message as { contextId?: string } | undefined;
      if (!message) return refusal(-32602);
      const config = params.configuration as { returnImmediately?: boolean } | undefined;
      const n = ++clock;
      const task: Stored = {
        id: `task-${n}`,
        contextId: message.contextId ?? `ctx-${n}`,
        state: config?.returnImmediately ? "working" : "completed",
        created: n,
        updated: n,
      };
      tasks.set(task.id, task);
      return { result: { task: wire(task) } };
    }
    const task = tasks.get(String(params.id));
    if (method === "GetTask") return task ? { result: wire(task) } : refusal(-32001);
    if (method === "CancelTask") {
      if (!task) return refusal(-32001);
      if (task.state !== "working") return refusal(-32002);
      Object.assign(task, { state: "canceled", updated: ++clock });
      return { result: wire(task) };
    }
    if (method === "ListTasks") {
      const listed = [...tasks.values()]
        .filter((t) => params.contextId === undefined || t.contextId === params.contextId)
        .sort((a, b) => b[sortBy] - a[sortBy]);
      return {
        result: { tasks: listed.map(wire), nextPageToken: "", pageSize: 100, totalSize: listed.length },
      };
    }
    return refusal(-32601);
  });
  return agent.url;
}

const verdictOn = async (url: string) =>
  (await verdictsOn(url, [listTasksOrder])).get("lifecycle.list-tasks-order");

describe("lifecycle.list-tasks-order", () => {
  it("passes an agent that lists the most recently updated task first, also after a later update", async () => {
    const finding = await verdictOn(await listingAgent("updated", true));
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/also when the older of two tasks is updated last/);
  });

  it("fails an agent that lists by creation: the older task, canceled last, comes second", async () => {
    const finding = await verdictOn(await listingAgent("created", true));
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/created first but canceled after .* sorted by creation/);
  });

  it("leaves the order after a later update open when the statuses carry no timestamp", async () => {
    // Two tasks sent one after the other were also created in that order: an order by creation is right there.
    const byCreation = await verdictOn(await listingAgent("created", false));
    expect(byCreation).toMatchObject({ status: "pass" });
    expect(byCreation?.message).toMatch(/not tested: the statuses carry no timestamp/);
  });
});
