import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { InspectorSessions } from "./inspector-sessions.js";
import { InspectorStreams } from "./inspector-streams.js";
import type { RunningServer } from "./server.js";
import { startEndlessAgent, type EndlessAgent } from "./testing/endless-agent.js";
import { apiClient, serve, tempDir } from "./testing/harness.js";

let endless: EndlessAgent;
let reference: RunningAgent;
let flawed: RunningAgent;
let server: RunningServer;
const tmp = tempDir();

beforeAll(async () => {
  endless = await startEndlessAgent(50);
  reference = await startReferenceAgent({ port: 0, workMs: 0 });
  flawed = await startReferenceAgent({ port: 0, workMs: 0, flaw: "send-task-missing-kind", protocol: "0.3" });
  server = await serve(tmp.db, { inspectorBounds: { perSession: 3, total: 5 } });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([endless?.close(), reference?.close(), flawed?.close()]);
  tmp.remove();
});

/** Polls `probe` every 25 ms until it holds or `ms` pass; returns whether it held. */
async function eventually(probe: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (probe()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return probe();
}

async function sessionWith(agentUrl: string): Promise<string> {
  const api = apiClient(server.url);
  const session = await api<{ id: string }>("POST", "/api/inspect/sessions", {});
  const card = await api<{ can_chat: boolean }>("POST", "/api/inspect/card", {
    session_id: session.body.id,
    agent_url: agentUrl,
  });
  expect(card.body.can_chat).toBe(true);
  return session.body.id;
}

/** Starts a streaming chat and returns once its response has started; abort() is the browser leaving. */
async function startChat(sessionId: string, extra: Record<string, unknown> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/inspect/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ session_id: sessionId, text: "wait", ...extra }),
    signal: controller.signal,
  });
  return { res, abort: () => controller.abort() };
}

describe("inspector streams have an owner and a deadline", () => {
  it("closes the agent's stream when the browser that asked for it goes away", async () => {
    const session = await sessionWith(endless.url);
    const chats = await Promise.all([startChat(session), startChat(session), startChat(session)]);
    expect(chats.map((c) => c.res.status)).toEqual([200, 200, 200]);
    expect(await eventually(() => endless.openStreams() === 3)).toBe(true);
    for (const chat of chats) chat.abort();
    expect(await eventually(() => endless.openStreams() === 0)).toBe(true);
    // The streams' own sockets are gone (keep-alive sockets of finished calls may stay pooled).
    expect(await eventually(() => endless.openSockets() <= 2)).toBe(true);
  });

  it("stops a stream that never ends at its timeout_s, whatever the events, and says so", async () => {
    const session = await sessionWith(endless.url);
    const { res } = await startChat(session, { timeout_s: 1 });
    // The stream ends by itself; its last event names the deadline that ended it (no clock is read here).
    const text = await res.text();
    const done = JSON.parse(/event: done\ndata: (.*)\n/.exec(text)?.[1] ?? "null") as { failure?: string };
    expect(done.failure).toMatch(/1 s deadline \(timeout_s\)/);
    expect(await eventually(() => endless.openStreams() === 0)).toBe(true);
  });

  it("refuses a chat beyond the bound of a session, and beyond the server's, with 429 naming the rule", async () => {
    const one = await sessionWith(endless.url);
    const open = await Promise.all([startChat(one), startChat(one), startChat(one)]);
    const fourth = await startChat(one);
    expect(fourth.res.status).toBe(429);
    expect(((await fourth.res.json()) as { error: { message: string } }).error.message).toMatch(
      /at most 3 at once/,
    );
    const two = await sessionWith(endless.url);
    const more = await Promise.all([startChat(two), startChat(two)]);
    const beyond = await startChat(two);
    expect(beyond.res.status).toBe(429);
    expect(((await beyond.res.json()) as { error: { message: string } }).error.message).toMatch(
      /server already has 5 .* \(at most 5 at once\)/,
    );
    for (const chat of [...open, ...more]) chat.abort();
    expect(await eventually(() => endless.openStreams() === 0)).toBe(true);
    // The places are free again.
    const again = await startChat(one);
    expect(again.res.status).toBe(200);
    again.abort();
  });

  it("Stop ends a session's running stream at once", async () => {
    const session = await sessionWith(endless.url);
    const { res } = await startChat(session);
    expect(await eventually(() => endless.openStreams() === 1)).toBe(true);
    const stop = await apiClient(server.url)<{ stopped: number }>("POST", "/api/inspect/stop", {
      session_id: session,
    });
    expect(stop.body.stopped).toBe(1);
    const text = await res.text();
    expect(text).toMatch(/stopped by the user/);
    expect(await eventually(() => endless.openStreams() === 0)).toBe(true);
  });
});

describe("inspector task controls", () => {
  it("gets, subscribes to and cancels the current task", async () => {
    const api = apiClient(server.url);
    const session = await sessionWith(reference.url);
    const first = await api<{ task_id: string; state: string }>("POST", "/api/inspect/chat", {
      session_id: session,
      text: "this is ambiguous",
      stream: false,
    });
    expect(first.body.state).toBe("input-required");
    const get = await api<{ task_id: string; state: string; problems: string[] }>(
      "POST",
      "/api/inspect/task",
      {
        session_id: session,
        task_id: first.body.task_id,
        action: "get",
      },
    );
    expect(get.body).toMatchObject({ task_id: first.body.task_id, state: "input-required", problems: [] });
    const cancel = await api<{ state: string }>("POST", "/api/inspect/task", {
      session_id: session,
      task_id: first.body.task_id,
      action: "cancel",
    });
    expect(cancel.body.state).toBe("canceled");
    const res = await fetch(`${server.url}/api/inspect/task`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        session_id: session,
        task_id: first.body.task_id,
        action: "subscribe",
        timeout_s: 5,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    expect(await res.text()).toMatch(/event: done/);
  });

  it("checks every reply against the protocol and names the problem", async () => {
    const api = apiClient(server.url);
    const session = await sessionWith(flawed.url);
    const reply = await api<{ problems: string[] }>("POST", "/api/inspect/chat", {
      session_id: session,
      text: "hello",
      stream: false,
    });
    expect(reply.body.problems.join("\n")).toMatch(/without kind: "task"/);
  });
});

describe("stream leases", () => {
  it("an ending owner stops every call it holds and frees their places", () => {
    const streams = new InspectorStreams({ perSession: 2, total: 3 });
    const a = streams.lease("session-a", 60_000);
    const b = streams.lease("session-a", 60_000);
    const other = streams.lease("session-b", 60_000);
    expect(streams.open).toBe(3);
    streams.closeOwner("session-a", "the inspector session ended");
    expect([a.signal.aborted, b.signal.aborted, other.signal.aborted]).toEqual([true, true, false]);
    expect(a.reason).toBe("the inspector session ended");
    expect(streams.open).toBe(1);
    other.release();
    expect(streams.open).toBe(0);
  });

  it("a lease aborts at its deadline and names it", async () => {
    const lease = new InspectorStreams().lease("s", 30);
    await new Promise((resolve) => lease.signal.addEventListener("abort", resolve, { once: true }));
    expect(lease.reason).toMatch(/deadline \(timeout_s\)/);
  });

  it("a session evicted from the server stops the calls it still had open", () => {
    const sessions = new InspectorSessions();
    const first = sessions.create();
    const lease = sessions.streams.lease(first.id, 60_000);
    for (let i = 0; i < 100; i++) sessions.create(); // the cap of 100 sessions evicts the oldest
    expect(sessions.get(first.id)).toBeUndefined();
    expect(lease.signal.aborted).toBe(true);
    expect(lease.reason).toBe("the inspector session ended");
    expect(sessions.streams.open).toBe(0);
  });
});
