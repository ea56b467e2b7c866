import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { TrafficLog } from "./traffic.js";
import { loopbackServers, get, failure } from "./testing/http-fixtures.js";

const start = loopbackServers();

/**
 * Streams `total` bytes in 64 KiB chunks, respecting backpressure, without declaring the length
 * unless asked; reports how many bytes it managed to write.
 */
function hugeBody(total: number, written: { bytes: number }, declare = false) {
  const chunk = Buffer.alloc(64 * 1024, "a");
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, {
      "Content-Type": "application/json",
      ...(declare ? { "Content-Length": String(total) } : {}),
    });
    const pump = (): void => {
      while (written.bytes < total && !res.destroyed) {
        written.bytes += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  };
}

describe("httpRequest: caps and timeouts", () => {
  it("cuts a 200 MB body off at the 10 MB cap without holding it in memory", async () => {
    const written = { bytes: 0 };
    const s = await start(hugeBody(200 * 1024 * 1024, written));
    global.gc?.();
    const before = process.memoryUsage();
    const error = await failure(get(s.url, { timeoutMs: 10_000 }));
    const after = process.memoryUsage();
    expect(error.rule).toBe("cap.body");
    expect(error.message).toBe(`the body from ${s.url}/ exceeded the 10 MB cap`);
    expect(after.rss - before.rss).toBeLessThan(60 * 1024 * 1024);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(60 * 1024 * 1024);
    // The socket was dropped at the cap: the server could not push much beyond it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written.bytes).toBeLessThan(40 * 1024 * 1024);
  });

  it("names a smaller cap in KB and records the partial body as truncated", async () => {
    const s = await start(hugeBody(2 * 1024 * 1024, { bytes: 0 }));
    const traffic = new TrafficLog({ maxBodyChars: 100 });
    const error = await failure(get(s.url, { maxBytes: 512 * 1024, traffic }));
    expect(error.message).toContain("exceeded the 512 KB cap");
    expect(traffic.entries()[0]).toMatchObject({
      status: 200,
      body_truncated: true,
      error: { rule: "cap.body" },
    });
    expect(traffic.entries()[0]?.response_body).toHaveLength(100);
  });

  it("refuses a declared length over the cap before reading the body", async () => {
    const written = { bytes: 0 };
    const s = await start(hugeBody(200 * 1024 * 1024, written, true));
    const traffic = new TrafficLog();
    const error = await failure(get(s.url, { traffic }));
    expect(error.rule).toBe("cap.body");
    expect(traffic.entries()[0]?.response_body).toBeUndefined();
    expect(written.bytes).toBeLessThan(40 * 1024 * 1024);
  });

  it("accepts a body exactly at the cap", async () => {
    const s = await start((_req, res) => res.end("x".repeat(1000)));
    expect((await get(s.url, { maxBytes: 1000 })).bytes).toBe(1000);
  });

  it("cuts off a server sending one byte at a time at the total timeout", async () => {
    const s = await start((_req, res) => {
      res.writeHead(200, { "Content-Length": "100" });
      const timer = setInterval(() => res.write("x"), 100);
      res.on("close", () => clearInterval(timer));
    });
    const started = performance.now();
    const error = await failure(get(s.url, { timeoutMs: 600 }));
    const elapsed = performance.now() - started;
    expect(error.rule).toBe("timeout.total");
    expect(error.message).toBe(`no complete response from ${s.url}/ within 0.6 s`);
    expect(elapsed).toBeGreaterThanOrEqual(590);
  });

  it("times out a server that never answers and closes the connection", async () => {
    let closed = false;
    const s = await start((req) => req.socket.on("close", () => (closed = true)));
    const error = await failure(get(s.url, { timeoutMs: 300 }));
    expect(error.rule).toBe("timeout.total");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
  });

  it("counts redirects against the same total timeout", async () => {
    const s = await start((req, res) => {
      setTimeout(() => {
        res.writeHead(302, { Location: `/${Number(req.url?.slice(1) ?? 0) + 1}` });
        res.end();
      }, 150);
    });
    // The total deadline, not a per-hop one, is what ends the chain of slow redirects.
    expect((await failure(get(`${s.url}/0`, { timeoutMs: 400 }))).rule).toBe("timeout.total");
  });

  it("reports a body cut short by the server as connect", async () => {
    const s = await start((req, res) => {
      res.writeHead(200, { "Content-Length": "1000" });
      res.write("partial");
      setTimeout(() => req.socket.destroy(), 20);
    });
    const error = await failure(get(s.url));
    expect(error.rule).toBe("connect");
    expect(error.message).toContain("read the body");
  });
});
