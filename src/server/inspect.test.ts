import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatReply } from "../model/api.js";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { serverPolicy } from "../net/outbound-policy.js";
import type { RunResult } from "../model/result.js";
import type { RunningServer } from "./server.js";
import { apiClient, serve, tempDir } from "./testing/harness.js";

let agent: RunningAgent;
let server: RunningServer;
const tmp = tempDir();

beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, workMs: 0 });
  server = await serve(tmp.db);
});
afterAll(async () => {
  await server?.close();
  await agent?.close();
  tmp.remove();
});

/** Posts one chat turn and returns the final reply, whether streamed or not. */
async function chat(body: Record<string, unknown>): Promise<{ reply: ChatReply; streamed: boolean }> {
  const res = await fetch(`${server.url}/api/inspect/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream"))
    return { reply: JSON.parse(text) as ChatReply, streamed: false };
  const done = /event: done\ndata: (.*)\n/.exec(text)?.[1];
  if (!done) throw new Error(`no done event in: ${text.slice(0, 2000)}`);
  return { reply: JSON.parse(done ?? "null") as ChatReply, streamed: true };
}

describe("inspector API", () => {
  it("loads a card, chats (streaming and not), continues an input-required task and redacts the bearer token", async () => {
    const api = apiClient(server.url);
    const session = await api<{ id: string }>("POST", "/api/inspect/sessions", {});
    const card = await api<{ result: RunResult; streaming: boolean; can_chat: boolean }>(
      "POST",
      "/api/inspect/card",
      {
        session_id: session.body.id,
        agent_url: agent.url,
        auth: { type: "bearer", token: "very-secret-token" },
      },
    );
    expect(card.status).toBe(200);
    expect(card.body.result.card?.name).toBe("Plainwright Helpdesk");
    expect(card.body.streaming).toBe(true);
    expect(card.body.can_chat).toBe(true);

    const first = await chat({ session_id: session.body.id, text: "this is ambiguous" });
    expect(first.streamed).toBe(true);
    expect(first.reply.failure).toBeUndefined();
    expect(first.reply.state).toBe("input-required");
    const second = await chat({
      session_id: session.body.id,
      text: "a refund",
      context_id: first.reply.context_id,
      task_id: first.reply.task_id,
      stream: false,
    });
    expect(second.streamed).toBe(false);
    expect(second.reply.state).toBe("completed");
    expect(second.reply.text).toContain("Thanks, that settles it");
    expect(second.reply.context_id).toBe(first.reply.context_id);

    const traffic = await fetch(`${server.url}/api/inspect/sessions/${session.body.id}/traffic`, {
      signal: AbortSignal.timeout(1500),
    })
      .then((r) => r.body?.getReader().read())
      .then((chunk) => new TextDecoder().decode(chunk?.value));
    expect(traffic).toContain("event: entry");
    expect(traffic).not.toContain("very-secret-token");
  });

  it("sends the debug console each exchange whole once, then only its changes and new events", async () => {
    // A task that works a while: its stream's events arrive over several of the console's 100 ms sends.
    const slow = await startReferenceAgent({ port: 0, workMs: 0, slowTaskMs: 600 });
    const api = apiClient(server.url);
    const session = await api<{ id: string }>("POST", "/api/inspect/sessions", {});
    await api("POST", "/api/inspect/card", { session_id: session.body.id, agent_url: slow.url });
    const viewer = new AbortController();
    let text = "";
    const reading = fetch(`${server.url}/api/inspect/sessions/${session.body.id}/traffic`, {
      signal: viewer.signal,
    }).then(async (res) => {
      const reader = res.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    });
    const reply = await chat({ session_id: session.body.id, text: "slow please" });
    await slow.close();
    expect(reply.streamed).toBe(true);
    // Bounded by the test's timeout: the console's coalescing timer sends the stream's events within 100 ms.
    while (!/event: entry-change\ndata: .*"events":\[\{/.test(text))
      await new Promise((r) => setTimeout(r, 20));
    viewer.abort();
    await reading.catch(() => undefined);
    const sent = [...text.matchAll(/event: (entry|entry-change)\ndata: (.*)\n/g)].map(
      (m) => [m[1], JSON.parse(m[2] ?? "null") as { id: string; events_from?: number }] as const,
    );
    const whole = sent.filter(([kind]) => kind === "entry").map(([, e]) => e.id);
    expect(new Set(whole).size).toBe(whole.length);
    const changes = sent.filter(([kind]) => kind === "entry-change").map(([, e]) => e);
    expect(changes.every((c) => whole.includes(c.id) && typeof c.events_from === "number")).toBe(true);
  });

  it.each(["HTTP+JSON", "GRPC"])(
    "chats over %s: streaming, then continuing an input-required task without streaming",
    async (transport) => {
      const api = apiClient(server.url);
      const session = await api<{ id: string }>("POST", "/api/inspect/sessions", {});
      const card = await api<{ transports: string[] }>("POST", "/api/inspect/card", {
        session_id: session.body.id,
        agent_url: agent.url,
      });
      expect(card.body.transports).toEqual(expect.arrayContaining(["JSONRPC", "HTTP+JSON", "GRPC"]));
      const first = await chat({ session_id: session.body.id, text: "this is ambiguous", transport });
      expect(first.streamed).toBe(true);
      expect(first.reply.failure).toBeUndefined();
      expect(first.reply.transport).toBe(transport);
      expect(first.reply.state).toBe("input-required");
      const second = await chat({
        session_id: session.body.id,
        text: "a refund",
        context_id: first.reply.context_id,
        task_id: first.reply.task_id,
        stream: false,
        transport,
      });
      expect(second.streamed).toBe(false);
      expect(second.reply.transport).toBe(transport);
      expect(second.reply.state).toBe("completed");
      expect(second.reply.text).toContain("Thanks, that settles it");
      expect(second.reply.context_id).toBe(first.reply.context_id);
    },
  );

  it("refuses a loopback agent under the default server policy", async () => {
    const dir = tempDir();
    const strict = await serve(dir.db, { policy: serverPolicy });
    try {
      const api = apiClient(strict.url);
      const session = await api<{ id: string }>("POST", "/api/inspect/sessions", {});
      const card = await api<{ result: RunResult; can_chat: boolean }>("POST", "/api/inspect/card", {
        session_id: session.body.id,
        agent_url: agent.url,
      });
      expect(card.body.result.status).toBe("error");
      expect(card.body.result.reason).toMatch(/loopback/);
      expect(card.body.can_chat).toBe(false);
    } finally {
      await strict.close();
      dir.remove();
    }
  });

  it("answers a chat before any card with 409 and a bad body with 400 naming the field", async () => {
    const api = apiClient(server.url);
    const session = await api<{ id: string }>("POST", "/api/inspect/sessions", {});
    expect((await api("POST", "/api/inspect/chat", { session_id: session.body.id, text: "hi" })).status).toBe(
      409,
    );
    const bad = await api<{ error: { field: string } }>("POST", "/api/inspect/card", {
      session_id: session.body.id,
      agent_url: agent.url,
      auth: { type: "bearer" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("auth.token");
    const transport = await api<{ error: { field: string } }>("POST", "/api/inspect/chat", {
      session_id: session.body.id,
      text: "hi",
      transport: "SOAP",
    });
    expect(transport.status).toBe(400);
    expect(transport.body.error.field).toBe("transport");
  });
});
