import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { fetchCard, jsonrpc, type FlawCheck, type FlawProbe } from "./flaw-probe.js";
import { resultOf, rpc, waitFor } from "./http-client.js";

type Json = Record<string, unknown>;

interface Hook {
  url: string;
  seen: Array<{ headers: Record<string, string | string[] | undefined>; body: string }>;
  close(): void;
}

async function webhook(): Promise<Hook> {
  const seen: Hook["seen"] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({ headers: req.headers, body });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, seen, close: () => server.close() };
}

/** Sends one message whose send configuration registers the webhook (A2A 1.0 §4.3, §13.2). */
async function sendWithWebhook(probe: FlawProbe, url: string): Promise<void> {
  const { dialect } = probe;
  const config =
    dialect.protocol === "0.3"
      ? {
          pushNotificationConfig: {
            url,
            token: "tok",
            authentication: { schemes: ["Bearer"], credentials: "cred" },
          },
        }
      : {
          taskPushNotificationConfig: {
            url,
            token: "tok",
            authentication: { scheme: "Bearer", credentials: "cred" },
          },
        };
  const params = { ...dialect.sendParams("What can you help with?"), configuration: config };
  resultOf(await rpc(jsonrpc(probe), dialect.methods.send, params, dialect.headers));
}

async function firstNotification(probe: FlawProbe) {
  const hook = await webhook();
  try {
    await sendWithWebhook(probe, hook.url);
    return await waitFor(async () => Promise.resolve(hook.seen[0]), 3000);
  } finally {
    hook.close();
  }
}

export function pushParams(probe: FlawProbe, taskId: string): { set: Json; get: Json } {
  const config = { id: "c1", url: "https://hooks.example/a2a", token: "t" };
  return probe.dialect.protocol === "0.3"
    ? { set: { taskId, pushNotificationConfig: config }, get: { id: taskId, pushNotificationConfigId: "c1" } }
    : { set: { taskId, ...config }, get: { taskId, id: "c1" } };
}

export const PUSH_METHODS = {
  "0.3": { set: "tasks/pushNotificationConfig/set", get: "tasks/pushNotificationConfig/get" },
  "1.0": { set: "CreateTaskPushNotificationConfig", get: "GetTaskPushNotificationConfig" },
};

export async function sentTaskId(probe: FlawProbe): Promise<string> {
  const { dialect } = probe;
  const reply = await rpc(jsonrpc(probe), dialect.methods.send, dialect.sendParams("Hello"), dialect.headers);
  return String(dialect.taskOfSend(resultOf(reply))?.id);
}

/** Push notification flaw checks: each passes on its flaw and throws on the flawless agent. */
export const PUSH_CHECKS: Record<string, FlawCheck> = {
  "push-config-task-unchecked": async (probe) => {
    const method =
      probe.dialect.protocol === "1.0"
        ? "ListTaskPushNotificationConfigs"
        : "tasks/pushNotificationConfig/list";
    const params = probe.dialect.protocol === "1.0" ? { taskId: "never-issued" } : { id: "never-issued" };
    const reply = await rpc(jsonrpc(probe), method, params, probe.dialect.headers);
    expect(resultOf(reply)).toBeDefined();
  },
  "push-missing-config-internal-error": async (probe) => {
    const taskId = await sentTaskId(probe);
    const reply = await rpc(
      jsonrpc(probe),
      "GetTaskPushNotificationConfig",
      { taskId, id: "never-set" },
      probe.dialect.headers,
    );
    expect(reply.body.error).toMatchObject({ code: -32603 });
  },
  "push-config-id-not-assigned": async (probe) => {
    const taskId = await sentTaskId(probe);
    const params = { taskId, url: "https://hooks.example/a2a" };
    const reply = await rpc(
      jsonrpc(probe),
      "CreateTaskPushNotificationConfig",
      params,
      probe.dialect.headers,
    );
    expect(resultOf(reply)).not.toHaveProperty("id");
  },
  "push-unclaimed-accepted": async (probe) => {
    expect(((await fetchCard(probe)).capabilities as Json).pushNotifications).toBe(false);
    const set = await rpc(
      jsonrpc(probe),
      "tasks/pushNotificationConfig/set",
      {
        taskId: "any",
        pushNotificationConfig: { url: "https://example.invalid/hook" },
      },
      probe.dialect.headers,
    );
    expect(set.body.error).not.toMatchObject({ code: -32003 });
  },
  "push-unclaimed": async (probe) => {
    expect(((await fetchCard(probe)).capabilities as Json).pushNotifications).toBe(false);
    const set = await rpc(
      jsonrpc(probe),
      "tasks/pushNotificationConfig/set",
      { taskId: "any" },
      probe.dialect.headers,
    );
    expect(set.body.error).toMatchObject({ code: -32003 });
  },
  "push-config-not-stored": async (probe) => {
    const methods = PUSH_METHODS[probe.dialect.protocol];
    const params = pushParams(probe, await sentTaskId(probe));
    resultOf(await rpc(jsonrpc(probe), methods.set, params.set, probe.dialect.headers));
    const got = await rpc(jsonrpc(probe), methods.get, params.get, probe.dialect.headers);
    expect(got.body.error).toBeDefined();
  },
  "push-loopback-refused": async (probe) => {
    await expect(firstNotification(probe)).rejects.toThrow(/not met/);
  },
  "push-bare-event": async (probe) => {
    const seen = await firstNotification(probe);
    const body = JSON.parse(seen.body) as Record<string, unknown>;
    expect(body).not.toHaveProperty("task");
    expect(body).not.toHaveProperty("statusUpdate");
    expect(body).not.toHaveProperty("artifactUpdate");
  },
  "push-without-state-0x": async (probe) => {
    const seen = await firstNotification(probe);
    const body = JSON.parse(seen.body) as Record<string, unknown>;
    expect(body).toHaveProperty("taskId");
    expect(body).not.toHaveProperty("status");
  },
  "push-wrong-token": async (probe) => {
    const seen = await firstNotification(probe);
    expect(seen.headers.authorization).toBe("Bearer wrong-cred");
  },
  "push-config-reply-without-task-id": async (probe) => {
    const methods = PUSH_METHODS[probe.dialect.protocol];
    const params = pushParams(probe, await sentTaskId(probe));
    const set = resultOf(await rpc(jsonrpc(probe), methods.set, params.set, probe.dialect.headers)) as Json;
    expect(set.pushNotificationConfig).toBeDefined();
    expect(set).not.toHaveProperty("taskId");
  },
};
