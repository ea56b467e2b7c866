import { describe, expect, it } from "vitest";
import { TrafficLog } from "./traffic.js";
import type { TrafficEntry } from "../model/traffic.js";
import type { TrafficPhase } from "./traffic.js";

const SECRET = "sk-live-0123456789";

describe("TrafficLog", () => {
  it("numbers entries t1, t2... and records a whole exchange", () => {
    const log = new TrafficLog();
    const h1 = log.start({
      method: "GET",
      url: "http://127.0.0.1:1/card",
      headers: { accept: "*/*" },
      label: "card",
    });
    h1.response(200, { "content-type": "application/json" });
    h1.end({ body: '{"name":"x"}' });
    const h2 = log.start({ method: "POST", url: "http://127.0.0.1:1/", headers: {}, body: "{}" });
    h2.fail({ rule: "connect", message: "ECONNREFUSED" });
    const [first, second] = log.entries();
    expect(first).toMatchObject({
      id: "t1",
      label: "card",
      method: "GET",
      status: 200,
      response_headers: { "content-type": "application/json" },
      response_body: '{"name":"x"}',
    });
    expect(first?.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(first?.ms).toBeGreaterThanOrEqual(0);
    expect(second).toMatchObject({
      id: "t2",
      request_body: "{}",
      error: { rule: "connect", message: "ECONNREFUSED" },
    });
    expect(second?.status).toBeUndefined();
  });

  it("redacts secrets everywhere: URL, headers, bodies, events and errors", () => {
    const log = new TrafficLog({ secrets: [SECRET] });
    const h = log.start({
      method: "POST",
      // Query values with letters no hex trace id holds: "abc" failed once, inside a random trace id.
      url: `http://127.0.0.1:1/x?api_key=keyvalue&q=${SECRET}`,
      headers: { authorization: `Bearer ${SECRET}`, "x-trace": SECRET, "content-type": "text/plain" },
      body: `{"key":"${SECRET}"}`,
    });
    h.response(200, { "set-cookie": "sid=1", "x-echo": SECRET });
    h.event({ data: `echo ${SECRET}`, event: "message" });
    h.fail({ message: `failed at http://127.0.0.1:1/x?token=zzz with ${SECRET}` }, { body: SECRET });
    const text = JSON.stringify(log.entries());
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("keyvalue");
    expect(text).not.toContain("zzz");
    expect(text).not.toContain("sid=1");
    expect(log.entries()[0]?.request_headers["content-type"]).toBe("text/plain");
  });

  it("redacts a secret registered later from entries already recorded", () => {
    const log = new TrafficLog();
    const h = log.start({ method: "GET", url: `http://127.0.0.1:1/${SECRET}`, headers: {} });
    h.end({ body: SECRET });
    log.addSecret(SECRET);
    expect(JSON.stringify(log.entries())).not.toContain(SECRET);
  });

  it("caps stored bodies and says so", () => {
    const log = new TrafficLog({ maxBodyChars: 10 });
    const h = log.start({ method: "GET", url: "http://127.0.0.1:1/", headers: {} });
    h.end({ body: "0123456789abcdef" });
    expect(log.entries()[0]).toMatchObject({ response_body: "0123456789", body_truncated: true });
  });

  it("keeps the reader's own truncation flag for a body cut short on the wire", () => {
    const log = new TrafficLog();
    log
      .start({ method: "GET", url: "http://127.0.0.1:1/", headers: {} })
      .end({ body: "abc", truncated: true });
    expect(log.entries()[0]?.body_truncated).toBe(true);
  });

  it("does not leave part of a secret visible where the cap cuts through it", () => {
    const log = new TrafficLog({ maxBodyChars: 12, secrets: [SECRET] });
    log.start({ method: "GET", url: "http://127.0.0.1:1/", headers: {} }).end({ body: `0123456${SECRET}` });
    expect(log.entries()[0]?.response_body).toBe("0123456[reda");
  });

  it("lets listeners watch entries live, phase by phase, until they unsubscribe", () => {
    const log = new TrafficLog();
    const seen: Array<[string, TrafficPhase, number]> = [];
    const off = log.onEntry((e: TrafficEntry, phase) => seen.push([e.id, phase, e.events?.length ?? 0]));
    const h = log.start({ method: "POST", url: "http://127.0.0.1:1/", headers: {} });
    h.response(200, { "content-type": "text/event-stream" });
    h.event({ data: "a" }, 5);
    h.event({ data: "b" }, 9);
    h.end({ body: "data: a\n\ndata: b\n\n" });
    off();
    log.start({ method: "GET", url: "http://127.0.0.1:1/", headers: {} });
    expect(seen).toEqual([
      ["t1", "request", 0],
      ["t1", "response", 0],
      ["t1", "event", 1],
      ["t1", "event", 2],
      ["t1", "end", 2],
    ]);
    expect(log.entries()[0]?.events).toEqual([
      { at_ms: 5, data: "a" },
      { at_ms: 9, data: "b" },
    ]);
  });

  it("ignores calls on a handle after it ended", () => {
    const log = new TrafficLog();
    const h = log.start({ method: "GET", url: "http://127.0.0.1:1/", headers: {} });
    h.end({ body: "x" });
    h.fail({ message: "late" });
    h.event({ data: "late" });
    expect(log.entries()[0]).not.toHaveProperty("error");
    expect(log.entries()[0]).not.toHaveProperty("events");
  });
});

describe("TrafficLog with a retention bound (load runs)", () => {
  const exchange = (log: TrafficLog, status: number) => {
    const h = log.start({ method: "POST", url: "http://127.0.0.1:1/", headers: {}, body: "{}" });
    h.response(status, {});
    h.end({ body: "{}" });
    return h.id;
  };

  it("keeps the first exchanges and the failures, and counts the rest", () => {
    const log = new TrafficLog({ retention: { first: 3, failures: 2, recent: 4 } });
    for (let i = 0; i < 10; i++) exchange(log, 200);
    const failed = [exchange(log, 503), exchange(log, 500), exchange(log, 502)];
    const refused = log.start({ method: "POST", url: "http://127.0.0.1:1/", headers: {} });
    refused.fail({ rule: "connect", message: "ECONNREFUSED" });
    expect(log.entries().map((e) => e.id)).toEqual(["t1", "t2", "t3", failed[0], failed[1]]);
    expect(log.dropped).toBe(9);
  });

  it("stays the same size however many exchanges pass through it", () => {
    const log = new TrafficLog({ retention: { first: 5, failures: 5, recent: 8 } });
    for (let i = 0; i < 5000; i++) exchange(log, i % 100 === 0 ? 500 : 200);
    expect(log.entries()).toHaveLength(10);
    expect(log.dropped).toBe(4990);
  });

  it("keeps a recent exchange on request (a reply that broke the protocol with HTTP 200), within the budget", () => {
    const log = new TrafficLog({ retention: { first: 0, failures: 1, recent: 2 } });
    const a = exchange(log, 200);
    const b = exchange(log, 200);
    const c = exchange(log, 200);
    expect(log.keep(a)).toBe(false); // no longer among the last two
    expect(log.find(c)?.status).toBe(200);
    expect(log.keep(b)).toBe(true);
    expect(log.keep(c)).toBe(false); // the failure budget is spent
    expect(log.entries().map((e) => e.id)).toEqual([b]);
  });

  it("redacts a secret registered later from the recent exchanges too, so one kept afterwards holds none", () => {
    const log = new TrafficLog({ retention: { first: 0, failures: 5, recent: 3 } });
    const handle = log.start({
      method: "POST",
      url: "http://127.0.0.1:1/",
      headers: {},
      body: "token s3cr3t-value",
    });
    handle.response(200, {});
    handle.end({ body: "echo s3cr3t-value" });
    log.addSecret("s3cr3t-value");
    expect(log.keep(handle.id)).toBe(true);
    const [kept] = log.entries();
    expect([kept?.request_body, kept?.response_body]).toEqual(["token [redacted]", "echo [redacted]"]);
  });

  it("finds and keeps the latest exchanges after the recent ring has wrapped around many times", () => {
    const log = new TrafficLog({ retention: { first: 0, failures: 5, recent: 3 } });
    const ids = Array.from({ length: 100 }, () => exchange(log, 200));
    expect(log.find(ids[96] as string)).toBeUndefined();
    expect(log.keep(ids[96] as string)).toBe(false);
    expect(log.find(ids[97] as string)?.id).toBe(ids[97]);
    expect(log.keep(ids[99] as string)).toBe(true);
    expect(log.keep(ids[99] as string)).toBe(true); // kept once, not twice
    expect(log.entries().map((e) => e.id)).toEqual([ids[99]]);
    expect(log.dropped).toBe(99);
  });
});

describe("TrafficLog: one header set sent many times", () => {
  it("redacts the shared request and response headers anew once a secret is registered", () => {
    const log = new TrafficLog();
    const headers = { "X-Custom": "value-with-s3cr3t-token-inside" };
    const before = log.start({ method: "GET", url: "http://127.0.0.1:1/", headers });
    before.response(200, headers);
    log.addSecret("s3cr3t-token");
    const after = log.start({ method: "GET", url: "http://127.0.0.1:1/", headers });
    after.response(200, headers);
    before.end();
    after.end();
    const [first, second] = log.entries();
    expect(first?.request_headers["X-Custom"]).toBe("value-with-[redacted]-inside");
    expect(second?.request_headers["X-Custom"]).toBe("value-with-[redacted]-inside");
    expect(first?.response_headers?.["X-Custom"]).toBe("value-with-[redacted]-inside");
    expect(second?.response_headers?.["X-Custom"]).toBe("value-with-[redacted]-inside");
    expect(headers["X-Custom"]).toBe("value-with-s3cr3t-token-inside");
  });
});
