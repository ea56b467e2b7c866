import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import configCrud from "./config-crud.js";
import unknownTaskNotFound0x from "./unknown-task-not-found-0x.js";

const start = handAgentsClosedAfterAll();

/** A 0.3 agent that claims push and serves set and get of push configs, but not list nor delete (seen at first sight). */
async function setAndGetOnly(): Promise<string> {
  const configs = new Map<string, unknown>();
  const agent = await start((request, url) => {
    if (request.kind === "card")
      return { ...handCard03(url), capabilities: { streaming: false, pushNotifications: true } };
    const { method, params } = request;
    if (method === "message/send")
      return { result: { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } } };
    const served = ["tasks/pushNotificationConfig/set", "tasks/pushNotificationConfig/get", "tasks/get"];
    if (!served.includes(method)) return refusal(-32601);
    const taskId = String(params.taskId ?? params.id);
    if (taskId !== "t-1") return refusal(-32001);
    if (method === "tasks/pushNotificationConfig/set") {
      configs.set(taskId, params);
      return { result: params };
    }
    if (method === "tasks/pushNotificationConfig/get")
      return configs.has(taskId) ? { result: configs.get(taskId) } : refusal(-32001);
    return { result: { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } } };
  });
  return agent.url;
}

describe("push config methods a 0.x agent leaves out (A2A 0.3 §11.1.3: MAY)", () => {
  it("passes config-crud on set and get, noting list and delete as not served", async () => {
    const finding = (await verdictsOn(await setAndGetOnly(), [configCrud])).get("push.config-crud");
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/list and delete not served .* §11\.1\.3 leaves optional/);
  });

  it("judges TaskNotFound on the methods served, leaving out a list that is not", async () => {
    const finding = (await verdictsOn(await setAndGetOnly(), [unknownTaskNotFound0x])).get(
      "push.unknown-task-not-found-0x",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(
      /^1 operation\(s\) .* TaskNotFound; not served, .*: listing the push configs/,
    );
  });
});
