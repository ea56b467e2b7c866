import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard01,
  handCard10,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import subscribeRunning from "./subscribe-running.js";
import subscribeRunning0x from "./subscribe-running-0x.js";
import subscribeTerminal from "./subscribe-terminal.js";
import subscribeUnknownTask from "./subscribe-unknown-task.js";
import subscribeUnknownTask0x from "./subscribe-unknown-task-0x.js";

const startHandAgent = handAgentsClosedAfterAll();
const methodNotFound = { error: { code: -32601, message: "Method not found" } };

/**
 * A streaming agent of `version` whose every task is completed in the reply that creates it, and which serves
 * no subscription method (seen at first sight on 0.1 and 1.0 servers): there is never a running task to
 * subscribe to, and the subscription method is answered as any unknown method is.
 */
async function neverSubscribes(version: "0.1" | "1.0"): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card")
      return version === "0.1"
        ? { ...handCard01(url), capabilities: { streaming: true, pushNotifications: false } }
        : { ...handCard10(url), capabilities: { streaming: true, pushNotifications: false } };
    const id = typeof request.params.id === "string" ? request.params.id : "t-1";
    if (version === "0.1") {
      const task = { id, sessionId: "s-1", status: { state: "completed" } };
      return ["tasks/send", "tasks/sendSubscribe", "tasks/get", "tasks/cancel"].includes(request.method)
        ? { result: task }
        : methodNotFound;
    }
    const task = { id: "t-1", contextId: "c-1", status: { state: "TASK_STATE_COMPLETED" } };
    if (request.method === "SendMessage" || request.method === "SendStreamingMessage")
      return { result: { task } };
    if (request.method === "GetTask") return { result: task };
    return methodNotFound;
  });
  return agent.url;
}

describe("an unserved subscription method, with no running task to subscribe to", () => {
  it("fails streaming.subscribe-running-0x on 0.1, whose streaming card claims tasks/resubscribe; the unknown-task check leaves it there", async () => {
    const byId = await verdictsOn(await neverSubscribes("0.1"), [subscribeRunning0x, subscribeUnknownTask0x]);
    expect(byId.get(subscribeRunning0x.id)).toMatchObject({ status: "fail" });
    expect(byId.get(subscribeRunning0x.id)?.message).toMatch(
      /tasks\/resubscribe was answered .*-32601.*asked about a task that does not exist .*the agent does not serve tasks\/resubscribe, though its card claims streaming/,
    );
    expect(byId.get(subscribeUnknownTask0x.id)).toMatchObject({ status: "skip" });
    expect(byId.get(subscribeUnknownTask0x.id)?.message).toMatch(
      /which streaming\.subscribe-running-0x reports/,
    );
  });

  it("fails streaming.subscribe-running on 1.0; the checks of subscriptions to finished and unknown tasks leave it there", async () => {
    const byId = await verdictsOn(await neverSubscribes("1.0"), [
      subscribeRunning,
      subscribeTerminal,
      subscribeUnknownTask,
    ]);
    expect(byId.get(subscribeRunning.id)).toMatchObject({ status: "fail", level: "MUST" });
    expect(byId.get(subscribeRunning.id)?.message).toMatch(
      /the agent does not serve SubscribeToTask, though its card claims streaming, which A2A 1\.0\.1 §3\.5\.1/,
    );
    for (const check of [subscribeTerminal, subscribeUnknownTask]) {
      expect(byId.get(check.id)).toMatchObject({ status: "skip" });
      expect(byId.get(check.id)?.message).toMatch(/which streaming\.subscribe-running reports/);
    }
  });
});
