import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { SendOptions } from "./dialects.js";
import { jsonrpc, type FlawCheck, type FlawProbe } from "./flaw-probe.js";
import { resultOf, rpc, type RpcReply } from "./http-client.js";

type Json = Record<string, unknown>;

function call(probe: FlawProbe, method: string, params: unknown): Promise<RpcReply> {
  return rpc(jsonrpc(probe), method, params, probe.dialect.headers);
}

/** The raw Task of a send result (1.0 `{task}`, 0.3 a bare Task). */
function rawTask(result: unknown): Json {
  const value = result as Json;
  return (value.task ?? value) as Json;
}

/** Sends one message and returns the raw Task it created; `slow` ones are sent without waiting. */
async function send(probe: FlawProbe, text = "What can you help with?", options: SendOptions = {}) {
  const params = probe.dialect.sendParams(text, { returnImmediately: text.startsWith("slow"), ...options });
  return rawTask(resultOf(await call(probe, probe.dialect.methods.send, params)));
}

async function get(probe: FlawProbe, params: Json) {
  return probe.dialect.task(resultOf(await call(probe, probe.dialect.methods.get, params)));
}

const errorCode = (reply: RpcReply): unknown => (reply.body.error as Json | undefined)?.code;
const ASKS_BACK = "This is ambiguous";

/** Lifecycle flaw checks: each passes on its flaw and throws on the flawless agent. */
export const LIFECYCLE_CHECKS: Record<string, FlawCheck> = {
  "text-part-needs-type": async (probe) => {
    // The same words in 0.3's part alone and with 0.1's type beside kind: only the second reaches the agent.
    const send = (part: Json) => {
      const params = probe.dialect.sendParams("hello") as { message: { parts: Json[] } };
      params.message.parts = [part];
      return call(probe, probe.dialect.methods.send, params);
    };
    const own = await send({ kind: "text", text: "marmalade" });
    const typed = await send({ kind: "text", type: "text", text: "marmalade" });
    expect(JSON.stringify(own.body)).not.toContain("marmalade");
    expect(JSON.stringify(typed.body)).toContain("marmalade");
  },
  "unknown-fields-added": async (probe) => {
    const task = await send(probe);
    expect(task["x-vendor-note"]).toBe("kept");
  },
  "no-status-timestamps": async (probe) => {
    const task = await send(probe);
    expect(task.status).toBeDefined();
    expect(task.status as Json).not.toHaveProperty("timestamp");
  },
  "history-ignored": async (probe) => {
    const task = await send(probe, ASKS_BACK);
    expect((await get(probe, { id: task.id, historyLength: 0 })).history?.length ?? 0).toBeGreaterThan(0);
  },
  "history-never-returned": async (probe) => {
    const task = await send(probe);
    expect((await get(probe, { id: task.id, historyLength: 100 })).history ?? []).toEqual([]);
  },
  "history-reversed": async (probe) => {
    // An input-required task holds the user's message, then the agent's question: reversed, the question comes first.
    const task = await send(probe, ASKS_BACK);
    const history = (await get(probe, { id: task.id, historyLength: 100 })).history as Json[];
    expect(history.length).toBeGreaterThan(1);
    expect(String(history[0]?.role)).not.toMatch(/user/i);
  },
  "history-zero-empty-field": async (probe) => {
    const task = await send(probe, ASKS_BACK);
    expect((await get(probe, { id: task.id, historyLength: 0 })).history).toEqual([]);
  },
  "history-zero-gives-one": async (probe) => {
    const task = await send(probe, ASKS_BACK);
    expect((await get(probe, { id: task.id, historyLength: 0 })).history).toHaveLength(1);
  },
  "history-read-truncates": async (probe) => {
    const task = await send(probe, ASKS_BACK);
    const before = (await get(probe, { id: task.id, historyLength: 100 })).history as Json[];
    expect(before.length).toBeGreaterThan(1);
    await get(probe, { id: task.id, historyLength: 1 });
    expect((await get(probe, { id: task.id, historyLength: 100 })).history).toHaveLength(1);
  },
  "output-in-status-message": async (probe) => {
    const task = await send(probe);
    const read = rawTask(resultOf(await call(probe, probe.dialect.methods.get, { id: task.id })));
    expect(read.artifacts ?? []).toEqual([]);
    expect(((read.status as Json).message as Json).parts).not.toEqual([]);
  },
  "history-rewritten": async (probe) => {
    const task = await send(probe, ASKS_BACK);
    const history = (await get(probe, { id: task.id, historyLength: 100 })).history as Json[];
    const user = history.find((m) => /user/i.test(String(m.role)));
    const texts = ((user?.parts ?? []) as Json[]).map((p) => p.text);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts).not.toContain(ASKS_BACK);
  },
  "task-not-found-wrong-code": async (probe) => {
    const reply = await call(probe, probe.dialect.methods.get, { id: randomUUID() });
    expect(errorCode(reply)).toBe(-32603);
  },
  "cancel-unknown-wrong-code": async (probe) => {
    const reply = await call(probe, probe.dialect.methods.cancel, { id: randomUUID() });
    expect(errorCode(reply)).toBe(-32603);
  },
  "cancel-ignored": async (probe) => {
    const task = await send(probe, "slow: take your time");
    const reply = await call(probe, probe.dialect.methods.cancel, { id: task.id });
    expect(["submitted", "working"]).toContain(probe.dialect.task(resultOf(reply)).state);
  },
  "task-id-param-renamed": async (probe) => {
    const task = await send(probe);
    const refused = await call(probe, probe.dialect.methods.get, { id: task.id });
    expect(refused.body).toMatchObject({ error: { code: -32602 } });
    const read = probe.dialect.task(
      resultOf(await call(probe, probe.dialect.methods.get, { taskId: task.id })),
    );
    expect(read.id).toBe(task.id);
  },
  "asks-back-cancel-undone": async (probe) => {
    const task = await send(probe, "slow: take your time");
    const reply = await call(probe, probe.dialect.methods.cancel, { id: task.id });
    expect(probe.dialect.task(resultOf(reply)).state).toBe("canceled");
    await expect
      .poll(async () => (await get(probe, { id: task.id })).state, { timeout: 2000, interval: 50 })
      .toBe("input-required");
  },
  "cancel-then-completes": async (probe) => {
    const task = await send(probe, "slow: take your time");
    const reply = await call(probe, probe.dialect.methods.cancel, { id: task.id });
    expect(probe.dialect.task(resultOf(reply)).state).toBe("canceled");
    await expect
      .poll(async () => (await get(probe, { id: task.id })).state, { timeout: 2000, interval: 50 })
      .toBe("completed");
  },
  "cancel-unsupported": async (probe) => {
    const task = await send(probe, "slow: take your time");
    const reply = await call(probe, probe.dialect.methods.cancel, { id: task.id });
    expect(reply.body).toMatchObject({ error: { code: -32004 } });
  },
  "cancel-not-cancelable": async (probe) => {
    const task = await send(probe, "slow: take your time");
    const reply = await call(probe, probe.dialect.methods.cancel, { id: task.id });
    expect(reply.body).toMatchObject({ error: { code: -32002 } });
  },
  "asks-back-always": async (probe) => {
    expect(probe.dialect.task(await send(probe)).state).toBe("input-required");
  },
  "asks-back-at-once": async (probe) => {
    // Even the slow message's task asks back at once (a blocking send returns it waiting for input).
    expect(probe.dialect.task(await send(probe, "Slow is fine: take your time")).state).toBe(
      "input-required",
    );
  },
  "cancel-finished-succeeds": async (probe) => {
    const task = await send(probe);
    const reply = await call(probe, probe.dialect.methods.cancel, { id: task.id });
    expect(probe.dialect.task(resultOf(reply)).state).toBe("canceled");
  },
  "context-not-kept": async (probe) => {
    const first = await send(probe);
    const second = await send(probe, "And another thing.", { contextId: String(first.contextId) });
    expect(second.contextId).not.toBe(first.contextId);
  },
  "input-required-new-task": async (probe) => {
    const asked = await send(probe, ASKS_BACK);
    const ids = { taskId: String(asked.id), contextId: String(asked.contextId) };
    expect((await send(probe, "The invoice, please.", ids)).id).not.toBe(asked.id);
  },
  "terminal-task-accepts-message": async (probe) => {
    const task = await send(probe);
    const ids = { taskId: String(task.id), contextId: String(task.contextId) };
    expect((await send(probe, "One more question.", ids)).id).toBe(task.id);
  },
  "duplicate-task-ids": async (probe) => {
    const [a, b] = await Promise.all([send(probe), send(probe)]);
    expect(a.id).toBe(b.id);
  },
  "polled-status-stale": async (probe) => {
    const task = await send(probe);
    expect((await get(probe, { id: task.id })).state).toBe("submitted");
  },
  "list-tasks-oldest-first": async (probe) => {
    const first = await send(probe);
    const second = await send(probe, "And another thing.", { contextId: String(first.contextId) });
    const result = resultOf(await call(probe, "ListTasks", { contextId: first.contextId })) as Json;
    expect((result.tasks as Json[]).map((t) => t.id)).toEqual([first.id, second.id]);
  },
  "list-tasks-oldest-first-untimed": async (probe) => {
    const first = await send(probe);
    const second = await send(probe, "And another thing.", { contextId: String(first.contextId) });
    const result = resultOf(await call(probe, "ListTasks", { contextId: first.contextId })) as Json;
    const tasks = result.tasks as Json[];
    expect(tasks.map((t) => t.id)).toEqual([first.id, second.id]);
    for (const task of tasks) expect(task.status as Json).not.toHaveProperty("timestamp");
  },
  "list-tasks-with-artifacts": async (probe) => {
    const task = await send(probe);
    const result = resultOf(await call(probe, "ListTasks", { contextId: task.contextId })) as Json;
    expect((result.tasks as Json[])[0]).toHaveProperty("artifacts");
  },
  "task-timestamp-offset": async (probe) => {
    const task = await send(probe);
    const raw = resultOf(await call(probe, probe.dialect.methods.get, { id: task.id })) as Json;
    expect((raw.status as Json).timestamp).toMatch(/\+00:00$/);
  },
  "send-returns-early": async (probe) => {
    const blocking = probe.dialect.protocol === "1.0" ? {} : { returnImmediately: false };
    const task = await send(probe, "What can you help with?", blocking);
    expect(["submitted", "working"]).toContain(probe.dialect.task(task).state);
  },
  "return-immediately-ignored": async (probe) => {
    const task = await send(probe, "What can you help with?", { returnImmediately: true });
    expect(probe.dialect.task(task).state).toBe("completed");
  },
  "list-tasks-status-ignored": async (probe) => {
    await send(probe);
    const result = resultOf(await call(probe, "ListTasks", { status: "TASK_STATE_REJECTED" })) as Json;
    expect((result.tasks as unknown[]).length).toBeGreaterThan(0);
  },
  "list-tasks-no-token": async (probe) => {
    const result = resultOf(await call(probe, "ListTasks", {})) as Json;
    expect(result).not.toHaveProperty("nextPageToken");
  },
  "task-without-context": async (probe) => {
    expect(await send(probe)).not.toHaveProperty("contextId");
  },
  "send-task-missing-kind": async (probe) => {
    const task = await send(probe);
    expect(task.id).toBeTypeOf("string");
    expect(task).not.toHaveProperty("kind");
  },
  "get-task-wrong-context": async (probe) => {
    const task = await send(probe);
    expect((await get(probe, { id: task.id })).contextId).not.toBe(task.contextId);
  },
  "cancel-reply-message-without-id": async (probe) => {
    const task = await send(probe, "slow: take your time");
    const canceled = resultOf(await call(probe, probe.dialect.methods.cancel, { id: task.id })) as Json;
    const messages = [...((canceled.history as Json[] | undefined) ?? []), (canceled.status as Json).message];
    const present = messages.filter((m): m is Json => typeof m === "object" && m !== null);
    expect(present.length).toBeGreaterThan(0);
    for (const message of present) expect(message).not.toHaveProperty("messageId");
  },
};
