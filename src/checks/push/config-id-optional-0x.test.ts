import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import configIdOptional0x from "./config-id-optional-0x.js";

const startHandAgent = handAgentsClosedAfterAll();

type Json = Record<string, unknown>;

interface PushAgent {
  /** Refuses -32602 a set whose config has no id, and a get naming the task alone (seen at first sight). */
  wantsIds?: boolean;
  /** Serves no tasks/pushNotificationConfig/get (MethodNotFound), which 0.3 §11.1.3 leaves optional. */
  noGet?: boolean;
  /** Refuses every set -32602: it reads the task as `id`, not `taskId` (seen at first sight). */
  wantsTaskAsId?: boolean;
}

/** A 0.3 agent with push notifications whose tasks complete at once, storing configs by task, ids its own when none is given. */
async function pushAgent(options: PushAgent): Promise<string> {
  const configs = new Map<string, Json[]>();
  let next = 0;
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card")
      return { ...handCard03(url), capabilities: { streaming: false, pushNotifications: true } };
    const { method, params } = request;
    if (method === "message/send")
      return { result: { kind: "task", id: `t${++next}`, contextId: "c1", status: { state: "completed" } } };
    if (method === "tasks/pushNotificationConfig/set") {
      const config = params.pushNotificationConfig as Json;
      if (options.wantsTaskAsId) return { error: { code: -32602, message: "Missing required params: id" } };
      if (options.wantsIds && !config.id) return { error: { code: -32602, message: "Invalid params: id" } };
      const stored = { ...config, id: config.id ?? `cfg-${++next}` };
      const taskId = String(params.taskId);
      configs.set(taskId, [...(configs.get(taskId) ?? []), stored]);
      return { result: { taskId, pushNotificationConfig: stored } };
    }
    const taskId = String(params.id);
    const stored = configs.get(taskId) ?? [];
    const configId = params.pushNotificationConfigId;
    if (method === "tasks/pushNotificationConfig/get") {
      if (options.noGet) return refusal(-32601);
      if (options.wantsIds && !configId) return { error: { code: -32602, message: "Invalid params" } };
      const found = configId ? stored.find((c) => c.id === configId) : stored[0];
      return found ? { result: { taskId, pushNotificationConfig: found } } : refusal(-32001);
    }
    if (method === "tasks/pushNotificationConfig/delete") {
      configs.set(
        taskId,
        stored.filter((c) => c.id !== configId),
      );
      return { result: null };
    }
    return refusal(-32601);
  });
  return agent.url;
}

const findingOn = async (options: PushAgent) =>
  (await verdictsOn(await pushAgent(options), [configIdOptional0x], "JSONRPC")).get(configIdOptional0x.id);

describe("push.config-id-optional-0x", () => {
  it("passes an agent that gives a config set without an id one of its own and returns it for the task's id alone", async () => {
    const finding = await findingOn({});
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(
      /a config set without an id \(the agent gave it id cfg-\d+\) was read back by task t\d+'s id alone/,
    );
  });

  it("fails an agent that refuses a config without an id as invalid params, with the clause", async () => {
    const finding = await findingOn({ wantsIds: true });
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /^setting a push config without an id on task t\d+ was refused: InvalidParams \(-32602\)/,
    );
    expect(finding?.message).toContain("A2A 0.3.0 §6.8 PushNotificationConfig has `id?: string` (optional)");
  });

  it("notes a get that is not served at all, which 0.3 leaves optional", async () => {
    const finding = await findingOn({ noGet: true });
    expect(finding).toMatchObject({ status: "skip", not_supported: true });
  });

  it("does not blame the missing id when a set with an id is refused alike (seen at first sight)", async () => {
    const finding = (
      await verdictsOn(await pushAgent({ wantsTaskAsId: true }), [configIdOptional0x], "JSONRPC")
    ).get("push.config-id-optional-0x");
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(
      /and so was one with an id: the set itself is push\.config-crud's finding/,
    );
  });
});
