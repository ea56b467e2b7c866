import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import delivery from "./delivery.js";
import payloadFormat from "./payload-format.js";

const start = handAgentsClosedAfterAll();

interface InSendAgent {
  /** The agent's -32602 message for a push config with `authentication`, when it refuses one. */
  refusesAuthentication?: string;
  /** The agent's -32602 message for every push config given in a send. */
  refusesEveryConfig?: string;
  /** Posts the bare Task instead of the StreamResponse wrapping it (seen at first sight). */
  bareTask?: boolean;
}

/**
 * A 1.0 agent with push notifications whose tasks end at once, that serves no CreateTaskPushNotificationConfig
 * but takes a push config given in the send, posting the task to its url as it completes (as a2amesh does).
 */
async function takesConfigsInSendOnly(options: InSendAgent): Promise<string> {
  const tasks = new Map<string, Record<string, unknown>>();
  const agent = await start((request, url) => {
    if (request.kind === "card")
      return { ...handCard10(url), capabilities: { streaming: false, pushNotifications: true } };
    const { method, params } = request;
    if (method === "GetTask")
      return tasks.has(String(params.id)) ? { result: tasks.get(String(params.id)) } : refusal(-32001);
    if (method !== "SendMessage") return refusal(-32601);
    const id = `t${tasks.size + 1}`;
    const done = { id, contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } };
    const configuration = (params.configuration ?? {}) as Record<string, unknown>;
    const config = configuration.taskPushNotificationConfig as Record<string, unknown> | undefined;
    if (!config) {
      tasks.set(id, done);
      return { result: { task: done } };
    }
    const invalid =
      options.refusesEveryConfig ?? (config.authentication ? options.refusesAuthentication : undefined);
    if (invalid) return { error: { code: -32602, message: invalid } };
    const working = { ...done, status: { state: "TASK_STATE_WORKING" } };
    tasks.set(id, working);
    setTimeout(() => {
      tasks.set(id, done);
      const auth = config.authentication as { scheme: string; credentials: string } | undefined;
      void fetch(String(config.url), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(auth ? { authorization: `${auth.scheme} ${auth.credentials}` } : {}),
        },
        body: JSON.stringify(options.bareTask ? done : { task: done }),
      });
    }, 150);
    return { result: { task: working } };
  });
  return agent.url;
}

const findingOf = async (url: string, check: typeof delivery) =>
  (await verdictsOn(url, [check], "JSONRPC")).get(check.id);

describe("push notifications given in the send itself", () => {
  it("judges the delivery of a config with only url and token when the agent refuses its authentication as invalid params", async () => {
    // a2amesh: the config with A2A's AuthenticationInfo is refused -32602, the same one without it is taken.
    const url = await takesConfigsInSendOnly({
      refusesAuthentication: "Invalid params: authentication.type: Required",
      bareTask: true,
    });
    const finding = await findingOf(url, payloadFormat);
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/^the notification body holds none of task, message/);
    expect(finding?.message).toContain(
      'refused the push config with authentication info as invalid params, InvalidParams (-32602) "Invalid params: authentication.type: Required", though A2A 1.0.1 §4.3.1-§4.3.2',
    );
  });

  it("passes the delivery of that config, judging only that it came (it names no credentials)", async () => {
    const url = await takesConfigsInSendOnly({
      refusesAuthentication: "Invalid params: authentication.type: Required",
    });
    const finding = await findingOf(url, delivery);
    expect(finding).toMatchObject({ status: "pass", tck: "PUSH-DELIVER-002" });
    expect(finding?.message).toMatch(
      /^the webhook got the task's notification \(its config named no authentication/,
    );
  });

  it("changes nothing for an agent that takes the config with its authentication", async () => {
    const url = await takesConfigsInSendOnly({});
    expect(await findingOf(url, delivery)).toMatchObject({
      status: "pass",
      message: "the webhook got the task's notification with the config's Authorization",
    });
    expect(await findingOf(url, payloadFormat)).toMatchObject({
      status: "pass",
      message: "the notification body is a StreamResponse",
    });
  });

  it("quotes the agent's refusal of the config as invalid params instead of guessing an SSRF guard", async () => {
    const url = await takesConfigsInSendOnly({ refusesEveryConfig: "url: only https webhooks are accepted" });
    const finding = await findingOf(url, payloadFormat);
    expect(finding?.status).toBe("skip");
    expect(finding?.message).toContain(
      'a send carrying a loopback push config was refused as invalid params, the agent saying InvalidParams (-32602) "url: only https webhooks are accepted"',
    );
    expect(finding?.message).not.toMatch(/SSRF/);
    // Refused without the authentication info too: the refusal is the config's, not the authentication's.
    expect(finding?.message).toContain(
      "; the config was refused with its authentication info too, so that info is not what the agent refused",
    );
    expect(finding?.message).not.toMatch(/refused the push config with authentication info/);
  });
});
