import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { errorCode, jsonrpc, newTask, type FlawCheck, type FlawProbe } from "./flaw-probe.js";
import { rpc } from "./http-client.js";
import { REST_PATH } from "../helpdesk.js";
import { pushParams, sentTaskId } from "./push-checks.js";

type Json = Record<string, unknown>;

const call = (probe: FlawProbe, method: string, params: unknown, headers = probe.dialect.headers) =>
  rpc(jsonrpc(probe), method, params, headers);

/** GET of a task that does not exist on the HTTP+JSON binding. */
function restGetMissingTask(probe: FlawProbe): Promise<Response> {
  // 0.3 §3.2.3 puts the HTTP+JSON paths under /v1; 1.0.1 §11 at the interface's root.
  const version = probe.agent.protocol === "0.3" ? "/v1" : "";
  return fetch(`${probe.agent.url}${REST_PATH}${version}/tasks/missing-${randomUUID()}`, {
    headers: { "A2A-Version": "1.0" },
    signal: AbortSignal.timeout(10_000),
  });
}

/** Opens SubscribeToTask and reports whether the server ended the stream within `ms`; aborts it otherwise. */
async function subscriptionEndsWithin(probe: FlawProbe, id: string, ms: number): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    const response = await fetch(jsonrpc(probe), {
      method: "POST",
      headers: probe.dialect.headers,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SubscribeToTask", params: { id } }),
      signal: controller.signal,
    });
    await response.text();
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Opens SubscribeToTask and returns the reader once its first chunk arrived. */
async function openSubscription(probe: FlawProbe, id: string, signal: AbortSignal) {
  const response = await fetch(jsonrpc(probe), {
    method: "POST",
    headers: probe.dialect.headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SubscribeToTask", params: { id } }),
    signal,
  });
  if (!response.body) throw new Error("no response body");
  const reader = response.body.getReader();
  await reader.read();
  return reader;
}

/** Reads a stream to its end and reports whether that came within `ms` (else false; the caller aborts). */
async function endsWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<boolean> {
  const deadline = new Promise<false>((resolve) => setTimeout(() => resolve(false), ms));
  const ended = (async () => {
    while (!(await reader.read()).done);
    return true as const;
  })().catch(() => true as const);
  return Promise.race([ended, deadline]);
}

/** Error-path flaw checks (unknown ids, repeated deletes, capabilities, versions): each passes on its flaw. */
export const ERROR_PATH_CHECKS: Record<string, FlawCheck> = {
  "subscribe-unknown-wrong-code": async (probe) => {
    const method = probe.dialect.protocol === "1.0" ? "SubscribeToTask" : "tasks/resubscribe";
    const reply = await call(probe, method, { id: `missing-${randomUUID()}` });
    expect(errorCode(reply.body as Json)).toBe(-32603);
  },
  "push-delete-twice-fails": async (probe) => {
    const params = pushParams(probe, await sentTaskId(probe));
    await call(probe, "CreateTaskPushNotificationConfig", params.set);
    expect((await call(probe, "DeleteTaskPushNotificationConfig", params.get)).body.error).toBeUndefined();
    const again = await call(probe, "DeleteTaskPushNotificationConfig", params.get);
    expect(errorCode(again.body as Json)).toBe(-32603);
  },
  "extended-card-wrong-error": async (probe) => {
    expect(errorCode((await call(probe, "GetExtendedAgentCard", {})).body as Json)).toBe(-32007);
  },
  "version-header-ignored": async (probe) => {
    const headers = { ...probe.dialect.headers, "A2A-Version": "99.0" };
    const reply = await call(probe, "GetTask", { id: `missing-${randomUUID()}` }, headers);
    expect(errorCode(reply.body as Json)).toBe(-32001);
  },
  "rest-error-wrong-domain": async (probe) => {
    const response = await restGetMissingTask(probe);
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: { details: Json[] } };
    expect(error.details[0]?.domain).toBe("errors.example.com");
  },
  "rest-refusal-wrong-domain": async (probe) => {
    const response = await fetch(`${probe.agent.url}${REST_PATH}/tasks/missing-${randomUUID()}`, {
      headers: { "A2A-Version": "99.0" },
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { details: Json[] } };
    expect(error.details[0]).toMatchObject({ reason: "VERSION_NOT_SUPPORTED", domain: "errors.example.com" });
  },
  "rest-cancel-unknown-500": async (probe) => {
    const response = await fetch(`${probe.agent.url}${REST_PATH}/tasks/missing-${randomUUID()}:cancel`, {
      method: "POST",
      headers: { "A2A-Version": "1.0", "Content-Type": "application/json" },
      body: "{}",
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("TASK_NOT_FOUND");
  },
  "rest-version-refusal-501": async (probe) => {
    const response = await fetch(`${probe.agent.url}${REST_PATH}/tasks/missing-${randomUUID()}`, {
      headers: { "A2A-Version": "99.0" },
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status).toBe(501);
  },
  "rest-not-found-500": async (probe) => {
    expect((await restGetMissingTask(probe)).status).toBe(500);
  },
  "second-subscriber-cut": async (probe) => {
    const task = await newTask(probe, "slow: take your time");
    const first = subscriptionEndsWithin(probe, task.id, 1500);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await subscriptionEndsWithin(probe, task.id, 1000)).toBe(true);
    await first;
  },
  "closing-stream-cuts-others": async (probe) => {
    const task = await newTask(probe, "slow: take your time");
    const keep = new AbortController();
    const drop = new AbortController();
    try {
      const kept = await openSubscription(probe, task.id, keep.signal);
      await openSubscription(probe, task.id, drop.signal);
      drop.abort();
      // The task works for seconds yet: only the flaw ends the kept stream this soon.
      expect(await endsWithin(kept, 1000)).toBe(true);
    } finally {
      keep.abort();
    }
  },
  "unknown-fields-refused": async (probe) => {
    const params = { ...probe.dialect.sendParams("Hello"), futureField: true };
    expect(errorCode((await call(probe, probe.dialect.methods.send, params)).body as Json)).toBe(-32602);
  },
};
