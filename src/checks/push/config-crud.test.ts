import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import configCrud from "./config-crud.js";
import unknownTaskNotFound from "./unknown-task-not-found.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 1.0 agent with push notifications that stores each config under an id of its own, whatever id the client
 * asked for: 1.0.1 §3.1.7 answers the "Created configuration with assigned ID".
 */
async function assignsItsOwnConfigIds(state = "TASK_STATE_COMPLETED", listKey = "configs"): Promise<string> {
  const configs = new Map<string, Record<string, unknown>>();
  let next = 0;
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card")
      return { ...handCard10(url), capabilities: { streaming: false, pushNotifications: true } };
    const { method, params } = request;
    if (method === "SendMessage")
      return {
        result: {
          task: { id: "t1", contextId: "c1", status: { state } },
        },
      };
    if (method === "GetTask") return { result: { id: "t1", contextId: "c1", status: { state } } };
    if (method === "CreateTaskPushNotificationConfig") {
      const config = { id: `agent-${++next}`, taskId: params.taskId, url: params.url };
      configs.set(config.id, config);
      return { result: config };
    }
    const config = typeof params.id === "string" ? configs.get(params.id) : undefined;
    if (method === "ListTaskPushNotificationConfigs") return { result: { [listKey]: [...configs.values()] } };
    if (!config) return refusal(-32001);
    if (method === "GetTaskPushNotificationConfig") return { result: config };
    if (method === "DeleteTaskPushNotificationConfig") {
      configs.delete(config.id as string);
      return { result: {} };
    }
    return refusal(-32601);
  });
  return agent.url;
}

describe("push.config-crud", () => {
  it("reads, lists and deletes a config by the id the agent assigned, not only the one asked for", async () => {
    const finding = (await verdictsOn(await assignsItsOwnConfigIds(), [configCrud], "JSONRPC")).get(
      "push.config-crud",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/config agent-1 set, read, listed, read again and deleted/);
  });

  it("sets its config on the shared task even when that task never settles (seen at first sight: skipped)", async () => {
    const finding = (
      await verdictsOn(await assignsItsOwnConfigIds("TASK_STATE_SUBMITTED"), [configCrud], "JSONRPC")
    ).get("push.config-crud");
    expect(finding).toMatchObject({ status: "pass" });
  });
});

describe("push.config-crud and a list under another member", () => {
  it("names where the list reply holds its configs (seen at first sight: pushNotificationConfigs)", async () => {
    const url = await assignsItsOwnConfigIds("TASK_STATE_COMPLETED", "pushNotificationConfigs");
    const finding = (await verdictsOn(url, [configCrud], "JSONRPC")).get("push.config-crud");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/holds its list under "pushNotificationConfigs", not "configs"/);
  });
});

describe("push config methods left unserved by a 1.0 agent that claims push (seen at first sight)", () => {
  it("fail push.config-crud once; push.unknown-task-not-found leaves it to that check", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card")
        return { ...handCard10(url), capabilities: { streaming: false, pushNotifications: true } };
      const done = { id: "t1", contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } };
      if (request.method === "SendMessage") return { result: { task: done } };
      if (request.method === "GetTask") return { result: done };
      return refusal(-32601);
    });
    const byId = await verdictsOn(agent.url, [configCrud, unknownTaskNotFound], "JSONRPC");
    expect(byId.get(configCrud.id)).toMatchObject({ status: "fail", level: "MUST" });
    expect(byId.get(configCrud.id)?.message).toMatch(/MethodNotFound/);
    expect(byId.get(unknownTaskNotFound.id)).toMatchObject({ status: "skip" });
    expect(byId.get(unknownTaskNotFound.id)?.message).toMatch(/not served, which push.config-crud reports/);
  });
});
