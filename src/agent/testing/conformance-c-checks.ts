import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { DEFAULT_FLAW_TOKEN } from "../auth.js";
import type { Card, FlawCheck, FlawProbe } from "./flaw-probe.js";
import { fetchCard, get } from "./flaw-probe.js";
import { resultOf, rpc, waitFor } from "./http-client.js";

type Json = Record<string, unknown>;

const jsonrpc = (probe: FlawProbe) => `${probe.agent.url}/a2a/jsonrpc`;
const withToken = (probe: FlawProbe, token: string) => ({
  ...probe.dialect.headers,
  Authorization: `Bearer ${token}`,
});

/** A GetTask of a task that cannot exist; only the HTTP status matters. */
async function getStatus(probe: FlawProbe, headers: Record<string, string>) {
  const reply = await fetch(jsonrpc(probe), {
    method: "POST",
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: probe.dialect.methods.get,
      params: { id: "none" },
    }),
    signal: AbortSignal.timeout(10_000),
  });
  await reply.body?.cancel();
  return { status: reply.status, challenge: reply.headers.get("www-authenticate") };
}

function hasSecurity(card: Card): boolean {
  return card.securitySchemes !== undefined;
}

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

/** Sends one message whose send configuration registers the webhook (digest §3.6, config location). */
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

function pushParams(probe: FlawProbe, taskId: string): { set: Json; get: Json } {
  const config = { id: "c1", url: "https://hooks.example/a2a", token: "t" };
  return probe.dialect.protocol === "0.3"
    ? { set: { taskId, pushNotificationConfig: config }, get: { id: taskId, pushNotificationConfigId: "c1" } }
    : { set: { taskId, ...config }, get: { taskId, id: "c1" } };
}

const PUSH_METHODS = {
  "0.3": { set: "tasks/pushNotificationConfig/set", get: "tasks/pushNotificationConfig/get" },
  "1.0": { set: "CreateTaskPushNotificationConfig", get: "GetTaskPushNotificationConfig" },
};

async function sentTaskId(probe: FlawProbe): Promise<string> {
  const { dialect } = probe;
  const reply = await rpc(jsonrpc(probe), dialect.methods.send, dialect.sendParams("Hello"), dialect.headers);
  return String(dialect.taskOfSend(resultOf(reply))?.id);
}

/** Flaw checks of batch C: each passes on its flaw and throws on the flawless agent. */
export const CONFORMANCE_C_CHECKS: Record<string, FlawCheck> = {
  "card-no-cache-headers": async (probe) => {
    const response = await get(probe.agent.cardUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBeNull();
    expect(response.headers.get("etag")).toBeNull();
  },
  "auth-not-enforced": async (probe) => {
    expect(hasSecurity(await fetchCard(probe))).toBe(true);
    expect((await getStatus(probe, probe.dialect.headers)).status).toBe(200);
  },
  "auth-any-token": async (probe) => {
    expect((await getStatus(probe, probe.dialect.headers)).status).toBe(401);
    expect((await getStatus(probe, withToken(probe, "anything"))).status).toBe(200);
  },
  "auth-no-challenge": async (probe) => {
    expect(await getStatus(probe, probe.dialect.headers)).toEqual({ status: 401, challenge: null });
  },
  "card-behind-auth": async (probe) => {
    expect((await get(probe.agent.cardUrl)).status).toBe(401);
    const authed = await fetch(probe.agent.cardUrl, {
      headers: { Authorization: `Bearer ${DEFAULT_FLAW_TOKEN}` },
    });
    expect(authed.status).toBe(200);
  },
  "auth-undeclared": async (probe) => {
    expect(hasSecurity(await fetchCard(probe))).toBe(false);
    expect((await getStatus(probe, probe.dialect.headers)).status).toBe(401);
  },
  "push-config-not-stored": async (probe) => {
    const methods = PUSH_METHODS[probe.dialect.protocol];
    const params = pushParams(probe, await sentTaskId(probe));
    resultOf(await rpc(jsonrpc(probe), methods.set, params.set, probe.dialect.headers));
    const got = await rpc(jsonrpc(probe), methods.get, params.get, probe.dialect.headers);
    expect(got.body.error).toBeDefined();
  },
  "push-no-delivery": async (probe) => {
    await expect(firstNotification(probe)).rejects.toThrow(/not met/);
  },
  "push-wrong-token": async (probe) => {
    const seen = await firstNotification(probe);
    expect(seen.headers.authorization).toBe("Bearer wrong-cred");
  },
  "separate-task-stores": async (probe) => {
    const id = await sentTaskId(probe);
    const path = probe.dialect.protocol === "0.3" ? `v1/tasks/${id}` : `tasks/${id}`;
    const response = await fetch(`${probe.agent.url}/a2a/rest/${path}`, { headers: probe.dialect.headers });
    expect(response.status).toBe(404);
  },
  "inconsistent-push-errors": async (probe) => {
    const methods = PUSH_METHODS[probe.dialect.protocol];
    const got = await rpc(
      jsonrpc(probe),
      methods.get,
      pushParams(probe, "no-such-task").get,
      probe.dialect.headers,
    );
    expect((got.body.error as Json | undefined)?.code).toBe(-32602);
  },
};
