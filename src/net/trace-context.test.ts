import { describe, expect, it } from "vitest";
import { httpRequest } from "./http.js";
import { commandLinePolicy } from "./outbound-policy.js";
import { loopbackServers } from "./testing/http-fixtures.js";
import { RunTrace } from "./trace-context.js";
import { TrafficLog } from "./traffic.js";

const start = loopbackServers();

/** A server that answers with the traceparent it received (or "none"). */
const traceEcho = () =>
  start((req, res) => {
    if (req.url === "/moved") {
      res.writeHead(302, { Location: "/" });
      res.end();
      return;
    }
    res.setHeader("Content-Type", "text/plain");
    res.end(String(req.headers.traceparent ?? "none"));
  });

const send = (url: string, traffic: TrafficLog, headers: Record<string, string> = {}) =>
  httpRequest({ url, traffic, headers, timeoutMs: 2000, policy: commandLinePolicy });

describe("W3C trace context on every exchange", () => {
  it("sends a traceparent of the run's trace with a new span per request, and records both ids", async () => {
    const s = await traceEcho();
    const traffic = new TrafficLog();
    const first = await send(s.url, traffic);
    const second = await send(s.url, traffic);
    const [a, b] = traffic.entries();
    expect(first.body).toBe(`00-${traffic.trace.traceId}-${a?.span_id}-01`);
    expect(second.body).toBe(`00-${traffic.trace.traceId}-${b?.span_id}-01`);
    expect(first.body).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(a?.span_id).not.toBe(b?.span_id);
    expect(a?.trace_id).toBe(traffic.trace.traceId);
  });

  it("gives each run its own trace", () => {
    expect(new TrafficLog().trace.traceId).not.toBe(new TrafficLog().trace.traceId);
  });

  it("keeps the trace a caller chose and sends the caller's traceparent unchanged", async () => {
    const s = await traceEcho();
    const own = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const traffic = new TrafficLog({ trace: new RunTrace("4bf92f3577b34da6a3ce929d0e0e4736") });
    expect(traffic.trace.traceId).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
    const res = await send(s.url, traffic, { traceparent: own });
    expect(res.body).toBe(own);
    expect(traffic.entries()[0]).not.toHaveProperty("span_id");
  });

  it("gives each hop of a redirect its own span", async () => {
    const s = await traceEcho();
    const traffic = new TrafficLog();
    const res = await send(`${s.url}/moved`, traffic);
    const spans = traffic.entries().map((e) => e.span_id);
    expect(spans).toHaveLength(2);
    expect(new Set(spans).size).toBe(2);
    expect(res.body).toBe(`00-${traffic.trace.traceId}-${spans[1]}-01`);
  });

  it("never makes an all-zero id, which W3C Trace Context forbids", () => {
    const trace = new RunTrace("0".repeat(32));
    expect(trace.traceId).not.toMatch(/^0+$/);
    for (let i = 0; i < 600; i++) expect(trace.nextSpanId()).toMatch(/^(?!0{16})[0-9a-f]{16}$/);
  });
});
