import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { NetError } from "./errors.js";
import { httpRequest } from "./http.js";
import type { HttpRequestOptions } from "./http.js";
import type { TimedSseEvent } from "./http-hop.js";
import { commandLinePolicy } from "./outbound-policy.js";
import { TrafficLog } from "./traffic.js";
import { loopbackServers } from "./testing/http-fixtures.js";

const start = loopbackServers();

function stream(url: string, extra: Partial<HttpRequestOptions> = {}) {
  return httpRequest({
    url,
    method: "POST",
    body: "{}",
    timeoutMs: 1000,
    policy: commandLinePolicy,
    stream: { idleMs: 300 },
    ...extra,
  });
}

/** Sends each piece after `gapMs`, then closes, or keeps sending `forever` every `gapMs`. */
function sse(
  pieces: Array<string | Buffer>,
  options: { gapMs?: number; forever?: string; end?: boolean } = {},
) {
  return (_req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8" });
    const queue = [...pieces];
    const timer = setInterval(() => {
      const next = queue.shift() ?? options.forever;
      if (next !== undefined) res.write(next);
      else if (options.end !== false) res.end();
    }, options.gapMs ?? 10);
    res.on("close", () => clearInterval(timer));
  };
}

describe("httpRequest: streams", () => {
  it("reads events as they arrive and reports a normal close", async () => {
    const s = await start(sse(["data: one\n\n", "event: status\nid: 2\ndata: two\n\n"], { gapMs: 100 }));
    const live: string[] = [];
    const res = await stream(s.url, { stream: { idleMs: 500, onEvent: (e) => live.push(e.data) } });
    expect(live).toEqual(["one", "two"]);
    expect(res.events?.map(({ at_ms: _at, ...e }) => e)).toEqual([
      { data: "one" },
      { event: "status", id: "2", data: "two" },
    ]);
    const [first, second] = res.events ?? [];
    expect((second?.at_ms ?? 0) - (first?.at_ms ?? 0)).toBeGreaterThan(50);
    expect(res.streamEnd).toEqual({ reason: "closed" });
    expect(res.body).toBe("data: one\n\nevent: status\nid: 2\ndata: two\n\n");
    expect(res.contentType).toBe("text/event-stream");
  });

  it("ends an endless stream at the event cap and returns what arrived", async () => {
    const s = await start(sse([], { gapMs: 1, forever: 'data: {"kind":"status-update"}\n\n' }));
    const res = await stream(s.url, { stream: { idleMs: 500, maxEvents: 50 } });
    expect(res.events).toHaveLength(50);
    expect(res.streamEnd).toEqual({ reason: "event-cap", message: "stopped after 50 events" });
  });

  it("ends a stream that goes silent at the idle timeout", async () => {
    const s = await start(sse(["data: a\n\n", "data: b\n\n", ": comments do not count\n\n"], { end: false }));
    const res = await stream(s.url, { stream: { idleMs: 300 } });
    expect(res.events?.map((e) => e.data)).toEqual(["a", "b"]);
    expect(res.streamEnd).toEqual({ reason: "idle-timeout", message: "no event for 300 ms" });
  });

  it("ends a stream at the byte cap", async () => {
    const s = await start(sse([], { gapMs: 1, forever: `data: ${"x".repeat(500)}\n\n` }));
    const res = await stream(s.url, { maxBytes: 4096 });
    expect(res.streamEnd).toEqual({ reason: "byte-cap", message: "stopped at the 4 KB cap" });
    expect(res.bytes).toBeGreaterThan(4096);
    expect(res.body.length).toBe(4096);
    expect(res.events?.length).toBeGreaterThanOrEqual(7);
  });

  it("is not cut by the total timeout once events flow", async () => {
    const s = await start(
      sse(
        Array.from({ length: 12 }, (_, i) => `data: ${i}\n\n`),
        { gapMs: 50 },
      ),
    );
    const res = await stream(s.url, { timeoutMs: 300, stream: { idleMs: 200 } });
    expect(res.events).toHaveLength(12);
    expect(res.streamEnd?.reason).toBe("closed");
  });

  it("times out a stream whose response never starts", async () => {
    const s = await start(() => undefined);
    const error = await stream(s.url, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetError);
    expect((error as NetError).rule).toBe("timeout.total");
  });

  it("delivers a final event the server cut off, marked unterminated", async () => {
    const s = await start(sse(["data: whole\n\n", "data: cut"]));
    const res = await stream(s.url);
    expect(res.events?.map(({ at_ms: _at, ...e }) => e)).toEqual([
      { data: "whole" },
      { data: "cut", unterminated: true },
    ]);
  });

  it("decodes UTF-8 characters split across network chunks", async () => {
    const bytes = Buffer.from("data: héllo 😀 世界\n\n");
    const s = await start(
      sse([bytes.subarray(0, 9), bytes.subarray(9, 14), bytes.subarray(14)], { gapMs: 20 }),
    );
    const res = await stream(s.url);
    expect(res.events?.[0]?.data).toBe("héllo 😀 世界");
  });

  it("returns what arrived when the caller aborts a stream", async () => {
    const s = await start(sse([], { gapMs: 20, forever: "data: tick\n\n" }));
    const controller = new AbortController();
    const events: TimedSseEvent[] = [];
    const res = await stream(s.url, {
      signal: controller.signal,
      stream: {
        idleMs: 500,
        maxEvents: 100,
        onEvent: (e) => {
          if (events.push(e) === 2) controller.abort();
        },
      },
    });
    expect(res.streamEnd).toEqual({ reason: "aborted", message: "cancelled by the caller" });
    expect(res.events).toHaveLength(2);
  });

  it("reports a connection reset mid-stream with the events before it", async () => {
    const s = await start((req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write("data: before\n\n");
      setTimeout(() => req.socket.destroy(), 50);
    });
    const res = await stream(s.url);
    expect(res.events?.map((e) => e.data)).toEqual(["before"]);
    expect(res.streamEnd?.reason).toBe("error");
  });

  it("records the stream's events in the traffic log as they arrive", async () => {
    const s = await start(sse(["data: a\n\n", "data: b\n\n"]));
    const traffic = new TrafficLog();
    const phases: string[] = [];
    traffic.onEntry((_e, phase) => phases.push(phase));
    const res = await stream(s.url, { traffic, label: "message/stream" });
    const entry = traffic.entries()[0];
    expect(entry?.id).toBe(res.trafficId);
    expect(entry).toMatchObject({
      label: "message/stream",
      status: 200,
      response_body: "data: a\n\ndata: b\n\n",
    });
    expect(entry?.events?.map((e) => e.data)).toEqual(["a", "b"]);
    expect(phases).toEqual(["request", "response", "event", "event", "end"]);
  });
});
