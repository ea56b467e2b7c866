import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { LoadConfig } from "../load/settings.js";
import type { RunEvent } from "../model/events.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { PlainwrightError } from "./errors.js";
import { runLoad, type LoadRunOptions } from "./run-load.js";

let good: RunningAgent;
let failing: RunningAgent;
let kindless: RunningAgent;
beforeAll(async () => {
  [good, failing, kindless] = await Promise.all([
    startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0 }),
    startReferenceAgent({ port: 0, protocol: "0.3", workMs: 0, flaw: "task-fails" }),
    startReferenceAgent({ port: 0, protocol: "0.3", workMs: 0, flaw: "send-task-missing-kind" }),
  ]);
});
afterAll(async () => {
  await Promise.all([good.close(), failing.close(), kindless.close()]);
});

function load(url: string, settings: LoadConfig, over: Partial<LoadRunOptions> = {}) {
  return runLoad({
    config: { agent_url: url, headers: {}, timeout_s: 10, load: { concurrency: 4, ...settings } },
    policy: commandLinePolicy,
    ...over,
  });
}

describe("runLoad against the reference agent", () => {
  it("sends the requested count through the client, measures each, and passes the default threshold", async () => {
    const result = await load(good.url, { requests: 60 });
    expect(result.kind).toBe("load");
    expect(result.status, result.reason).toBe("passed");
    const l = result.load!;
    expect(l.stopped_by).toBe("requests");
    expect(l.requests).toMatchObject({ started: 60, completed: 60, succeeded: 60, failed: 0, abandoned: 0 });
    expect(l.latency.count).toBe(60);
    expect(l.latency.p50_ms).toBeGreaterThan(0);
    expect(l.latency.p99_ms).toBeGreaterThanOrEqual(l.latency.p50_ms);
    expect(l.terminal?.count).toBe(60);
    expect(l.histogram.reduce((n, b) => n + b.count, 0)).toBe(60);
    expect(l.timeline.reduce((n, s) => n + s.completed, 0)).toBe(60);
    expect(l.thresholds).toEqual([expect.objectContaining({ expression: "errors < 1%", passed: true })]);
    expect(result.card?.found_at).toContain("/.well-known/agent-card.json");
    expect(result.protocol?.negotiated).toBe("1.0");
    // The traffic stays bounded: the first exchanges are kept, the rest counted.
    expect(result.traffic.length).toBeLessThanOrEqual(20);
    expect(l.traffic_kept.dropped).toBeGreaterThan(40);
  });

  it("times the first stream event and the terminal state in stream mode", async () => {
    const result = await load(good.url, { requests: 12, stream: true });
    expect(result.status, result.reason).toBe("passed");
    const l = result.load!;
    expect(l.settings.mode).toBe("stream");
    expect(l.first_event?.count).toBe(12);
    expect(l.terminal?.count).toBe(12);
    expect(l.first_event!.p50_ms).toBeLessThanOrEqual(l.latency.p50_ms);
  });

  it("lets the thresholds decide: a p50 no agent can meet fails the run, naming the figure", async () => {
    const result = await load(good.url, { requests: 8, thresholds: ["p50 < 0.001ms", "errors < 1%"] });
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(/^thresholds missed: p50 < 0.001ms \([\d.]+ ms\)$/);
    expect(result.load!.thresholds.map((t) => t.passed)).toEqual([false, true]);
  });

  it("counts failed tasks as errors of kind task", async () => {
    const result = await load(failing.url, { requests: 10 });
    expect(result.status).toBe("failed");
    expect(result.load!.errors.by_kind.task).toBe(10);
    expect(result.load!.errors.top[0]).toMatchObject({ kind: "task", key: "task failed", count: 10 });
    expect(result.reason).toContain("errors < 1% (100 %)");
  });

  it("counts replies that break the version's schema as protocol violations, with a kept exchange as evidence", async () => {
    const result = await load(kindless.url, { requests: 30 });
    const l = result.load!;
    expect(l.errors.by_kind.protocol).toBe(30);
    const top = l.errors.top[0]!;
    expect(top.key).toMatch(/without kind: "task"/);
    // The example's exchange is in the result's traffic even though it came after the first ones.
    expect(result.traffic.some((t) => t.id === top.traffic_id)).toBe(true);
  });

  it("emits a live tick once a second while it runs", async () => {
    const events: RunEvent[] = [];
    const result = await load(
      good.url,
      { duration_s: 3.2, concurrency: 2 },
      { onEvent: (e) => events.push(e) },
    );
    expect(result.status, result.reason).toBe("passed");
    const ticks = events.flatMap((e) => (e.type === "load-tick" ? [e.tick] : []));
    // About one a second over 3.2 s of sending and a short drain; a busy machine may delay a timer, never add one.
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(4);
    expect(ticks.at(-1)!.completed).toBeGreaterThan(0);
    const elapsed = ticks.map((t) => t.elapsed_s);
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
    expect(result.load!.stopped_by).toBe("duration");
  });
});

describe("errors by kind", () => {
  let server: Server;
  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it("sorts failures into HTTP status, JSON-RPC code and timeout, and keeps their exchanges", async () => {
    let sends = 0;
    // Each fourth send: 503 with a web page, a JSON-RPC internal error, no answer at all, a completed task.
    server = createServer((req, res) => {
      if (req.method !== "POST") return void res.writeHead(404).end();
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const call = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          id: string;
          params?: { message?: unknown };
        };
        const reply = (body: unknown): void =>
          void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
        if (!call.params?.message)
          return reply({ jsonrpc: "2.0", id: call.id, error: { code: -32602, message: "no message" } });
        const turn = sends++ % 4;
        if (turn === 0) return void res.writeHead(503, { "content-type": "text/html" }).end("<h1>busy</h1>");
        if (turn === 1)
          return reply({ jsonrpc: "2.0", id: call.id, error: { code: -32603, message: "overloaded" } });
        if (turn === 2) return; // never answers
        const task = { id: `t${sends}`, contextId: "c", status: { state: "TASK_STATE_COMPLETED" } };
        return reply({ jsonrpc: "2.0", id: call.id, result: { task } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await runLoad({
      config: {
        agent_url: url,
        headers: {},
        endpoint: `${url}/rpc`,
        timeout_s: 0.3,
        load: { concurrency: 4, requests: 20 },
      },
      policy: commandLinePolicy,
      protocolOverride: "1.0",
    });
    const l = result.load!;
    expect(l.requests).toMatchObject({ completed: 20, succeeded: 5, failed: 15 });
    expect(l.errors.by_kind).toMatchObject({ http: 5, jsonrpc: 5, timeout: 5, protocol: 0, network: 0 });
    expect(l.errors.top.map((e) => [e.kind, e.key, e.count]).sort()).toEqual([
      ["http", "HTTP 503", 5],
      ["jsonrpc", "-32603 InternalError", 5],
      ["timeout", "timeout.total", 5],
    ]);
    for (const e of l.errors.top.filter((e) => e.kind !== "timeout"))
      expect(result.traffic.some((t) => t.id === e.traffic_id)).toBe(true);
    // A request that never completed names no exchange in its outcome; the log keeps it as a failure anyway.
    expect(result.traffic.filter((t) => t.error?.rule === "timeout.total")).toHaveLength(5);
    expect(l.latency.count).toBe(5);
    expect(result.status).toBe("failed");
  });
});

describe("the confirm-target rule in runLoad", () => {
  it("refuses a host other than loopback before anything starts", async () => {
    const events: RunEvent[] = [];
    const run = load("http://agent.example.com", { requests: 1 }, { onEvent: (e) => events.push(e) });
    await expect(run).rejects.toThrow(
      /refusing to load agent.example.com.*--confirm-target agent.example.com/,
    );
    await expect(run).rejects.toBeInstanceOf(PlainwrightError);
    expect(events).toEqual([]);
  });

  it("judges --endpoint by the same rule, even when the agent URL is loopback", async () => {
    const elsewhere = runLoad({
      config: {
        agent_url: good.url,
        headers: {},
        endpoint: "http://agent.example.com/a2a",
        timeout_s: 1,
        load: { requests: 1 },
      },
      policy: commandLinePolicy,
    });
    await expect(elsewhere).rejects.toThrow(
      /refusing to load agent.example.com: the endpoint http:\/\/agent.example.com\/a2a/,
    );
  });

  let cardServer: Server;
  afterAll(() => cardServer?.close());

  it("refuses the endpoint a loopback card names on another host, before any load request", async () => {
    let posts = 0;
    cardServer = createServer((req, res) => {
      if (req.method === "POST") posts += 1;
      const card = {
        name: "Elsewhere",
        description: "Points away.",
        version: "1",
        supportedInterfaces: [
          { url: "http://victim.example.org/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        ],
        capabilities: {},
        defaultInputModes: ["text/plain"],
        defaultOutputModes: ["text/plain"],
        skills: [],
      };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(card));
    });
    await new Promise<void>((resolve) => cardServer.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(cardServer.address() as AddressInfo).port}`;
    await expect(load(url, { requests: 1 })).rejects.toThrow(
      /refusing to load victim.example.org: the endpoint the card names http:\/\/victim.example.org\/a2a/,
    );
    expect(posts).toBe(0);
  });
});
