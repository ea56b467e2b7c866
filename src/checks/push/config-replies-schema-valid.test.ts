import { describe, expect, it } from "vitest";
import type { Finding } from "../../model/finding.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import {
  handAgentsClosedAfterAll,
  handCard03,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import { oneCheckRunner } from "../../runner/testing/one-check.js";
import configCrud from "./config-crud.js";
import check from "./config-replies-schema-valid.js";

const run = oneCheckRunner(check);

const verdicts = async (...args: Parameters<typeof run>) =>
  ((await run(...args)).findings ?? [])
    .filter((f) => f.id === check.id)
    .map((f) => `${f.transport ?? "agent"} ${f.status}: ${f.message ?? ""}`);

describe("push.config-replies-schema-valid", () => {
  it.each([
    ["0.3", "SetPushConfig, GetPushConfig, ListPushConfigs, DeletePushConfig"],
    ["1.0", "SetPushConfig, GetPushConfig, ListPushConfigs"],
  ] as const)("passes the reference agent %s over JSON-RPC (%s)", async (protocol, replies) => {
    expect((await verdicts(protocol)).find((v) => v.startsWith("JSONRPC"))).toMatch(
      new RegExp(`^JSONRPC pass: the replies of ${replies} match`),
    );
  });

  it("fails 0.3 config replies without their taskId, once per reply", async () => {
    expect(
      (await verdicts("0.3", "push-config-reply-without-task-id")).find((v) => v.startsWith("JSONRPC")),
    ).toBe(
      "JSONRPC fail: 2 schema problem(s): SetPushConfig: taskId is required by the A2A 0.3.0 JSON schema; GetPushConfig: taskId is required by the A2A 0.3.0 JSON schema",
    );
  });
});

const start = handAgentsClosedAfterAll();

/**
 * A 0.2.5 agent with push notifications whose tasks/pushNotificationConfig/set fails (-32603: it reads a flat
 * params.url), yet it stores a config given inside message/send (as omni-skills does). `asSchema` answers
 * get, list and delete as 0.2.5 defines them; otherwise get and list answer bare {id, taskId, url, token}
 * configs and delete an object. `storesNone` keeps no config of a send.
 */
async function setFailsButSendStores(options: {
  asSchema?: boolean;
  storesNone?: boolean;
  ownShape?: boolean;
}): Promise<string> {
  const configs = new Map<string, Array<Record<string, unknown>>>();
  const agent = await start((request, url) => {
    if (request.kind === "card")
      return {
        ...handCard03(url),
        protocolVersion: "0.2.5",
        capabilities: { streaming: false, pushNotifications: true },
      };
    const { method, params } = request;
    if (method === "message/send") {
      const id = `t-${configs.size + 1}`;
      const given = (params.configuration as { pushNotificationConfig?: Record<string, unknown> } | undefined)
        ?.pushNotificationConfig;
      const { id: configId, url: webhook, token } = given ?? {};
      configs.set(
        id,
        given && !options.storesNone ? [{ id: configId, taskId: id, url: webhook, token }] : [],
      );
      return { result: { kind: "task", id, contextId: "c-1", status: { state: "completed" } } };
    }
    const taskId = String(params.id ?? params.taskId);
    const stored = configs.get(taskId);
    if (method === "tasks/pushNotificationConfig/set")
      return { error: { code: -32603, message: "Cannot read properties of undefined (reading 'url')" } };
    if (!stored) return refusal(-32001);
    if (method === "tasks/get")
      return { result: { kind: "task", id: taskId, contextId: "c-1", status: { state: "completed" } } };
    const wrapped = stored.map(({ taskId: of, ...config }) => ({
      taskId: of,
      pushNotificationConfig: config,
    }));
    // Seen at first sight: a shape of the agent's own, the config under "config", which no client reads.
    const own = stored.map(({ taskId: of, id, ...config }) => ({ taskId: of, configId: id, config }));
    const replies = options.asSchema ? wrapped : options.ownShape ? own : stored;
    if (method === "tasks/pushNotificationConfig/get")
      return replies[0] ? { result: replies[0] } : { error: { code: -32004, message: "no config" } };
    if (method === "tasks/pushNotificationConfig/list") return { result: replies };
    if (method === "tasks/pushNotificationConfig/delete")
      return { result: options.asSchema ? null : { deleted: stored.length > 0 } };
    return refusal(-32601);
  });
  return agent.url;
}

/** The findings of push.config-crud and this check on a hand agent, as 0.2. */
async function on02(url: string): Promise<Map<string, Finding>> {
  const result = await runConformance({
    agentUrl: url,
    headers: {},
    timeoutMs: 3000,
    policy: commandLinePolicy,
    catalogue: [configCrud, check],
    protocolOverride: "0.2",
  });
  return new Map((result.findings ?? []).map((f) => [f.id, f]));
}

describe("push.config-replies-schema-valid when its own set fails", () => {
  it("judges the get, list and delete replies of a config given in the send (0.2.5: read by the task id alone)", async () => {
    const findings = await on02(await setFailsButSendStores({}));
    expect(findings.get("push.config-crud")).toMatchObject({ status: "fail" });
    const finding = findings.get(check.id);
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatchInlineSnapshot(
      `"3 schema problem(s): GetPushConfig: pushNotificationConfig is required by the A2A 0.2.6 JSON schema; ListPushConfigs: [0].pushNotificationConfig is required by the A2A 0.2.6 JSON schema; DeletePushConfig: the result must be null (A2A 0.2 §7.8), not {"deleted":true}; judged on a config given in a send, as setting a push config failed (push.config-crud judges that): InternalError (-32603): Cannot read properties of undefined (reading 'url')"`,
    );
  });

  it("passes a config given in the send whose replies match the schema, saying how it was read", async () => {
    const finding = (await on02(await setFailsButSendStores({ asSchema: true }))).get(check.id);
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatchInlineSnapshot(
      `"the replies of GetPushConfig, ListPushConfigs, DeletePushConfig match the A2A 0.2 JSON schema; judged on a config given in a send, as setting a push config failed (push.config-crud judges that): InternalError (-32603): Cannot read properties of undefined (reading 'url')"`,
    );
  });

  it("judges replies in a shape of the agent's own that no client reads, which still name the send's webhook", async () => {
    const finding = (await on02(await setFailsButSendStores({ ownShape: true }))).get(check.id);
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /GetPushConfig: pushNotificationConfig is required by the A2A 0\.2\.6 JSON schema.*ListPushConfigs: \[0\]\.pushNotificationConfig is required/,
    );
  });

  it("skips as before when the config given in the send cannot be read back either", async () => {
    const finding = (await on02(await setFailsButSendStores({ storesNone: true }))).get(check.id);
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(
      /^setting a push config failed \(push\.config-crud judges that\): InternalError \(-32603\): .*; the config a send carried \(task t-\d+\) could not be read back either$/,
    );
  });
});

/**
 * A 1.0 agent whose CreateTaskPushNotificationConfig fails, but that stores the config of a send under an id
 * of its own (1.0.1 §3.1.7 lets it assign one) and serves get, list and delete of it as the proto defines.
 */
async function createFailsButSendStores10(): Promise<string> {
  const configs = new Map<string, Record<string, unknown>>();
  const agent = await start((request, url) => {
    if (request.kind === "card")
      return { ...handCard10(url), capabilities: { streaming: false, pushNotifications: true } };
    const { method, params } = request;
    const task = (id: string) => ({ id, contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } });
    if (method === "SendMessage") {
      const id = `t${configs.size + 1}`;
      const given = (params.configuration as { taskPushNotificationConfig?: { url: string } } | undefined)
        ?.taskPushNotificationConfig;
      configs.set(id, given ? { id: `agent-${id}`, taskId: id, url: given.url } : {});
      return { result: { task: task(id) } };
    }
    if (method === "CreateTaskPushNotificationConfig") return refusal(-32603);
    const stored = configs.get(String(params.taskId ?? params.id));
    if (!stored) return refusal(-32001);
    if (method === "GetTask") return { result: task(String(params.id)) };
    if (method === "ListTaskPushNotificationConfigs")
      return { result: { configs: stored.id ? [stored] : [] } };
    if (method === "GetTaskPushNotificationConfig" && params.id === stored.id) return { result: stored };
    if (method === "DeleteTaskPushNotificationConfig") return { result: null };
    return refusal(-32001);
  });
  return agent.url;
}

describe("push.config-replies-schema-valid on a 1.0 agent whose own create fails", () => {
  it("reads the config given in the send by the id the list names, and judges the replies", async () => {
    const finding = (await verdictsOn(await createFailsButSendStores10(), [check], "JSONRPC")).get(check.id);
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(
      /^the replies of ListPushConfigs, GetPushConfig match the A2A 1\.0\.1 proto; judged on a config given in a send/,
    );
  });
});
