import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { exitCodes } from "./exit-codes.js";
import { runCli } from "./testing/run-cli.js";

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

// A loopback OTLP/HTTP collector: keeps the spans of every export it receives.
const received: OtlpSpan[] = [];
const paths: string[] = [];
let collector: Server;
let collectorUrl: string;
let agent: RunningAgent;

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      paths.push(req.url ?? "");
      const doc = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const rs of doc.resourceSpans) for (const ss of rs.scopeSpans) received.push(...ss.spans);
      res.setHeader("Content-Type", "application/json");
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  agent = await startReferenceAgent({ port: 0, protocol: "1.0" });
});
afterAll(async () => {
  await agent.close();
  await new Promise((resolve) => collector.close(resolve));
});

describe("exporting a run as OpenTelemetry spans", () => {
  it("sends a root span for the run and a child span per exchange, with the span ids the agent was sent", async () => {
    const r = await runCli(["smoke", agent.url, "--json", "--otel-endpoint", collectorUrl]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { traffic: { trace_id: string; span_id: string }[] };
    const traceId = result.traffic[0]?.trace_id;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(paths).toContain("/v1/traces");
    const spans = received.filter((s) => s.traceId === traceId);
    const root = spans.find((s) => s.name.startsWith("plainwright "));
    expect(root?.parentSpanId ?? "").toBe("");
    const children = spans.filter((s) => s !== root);
    expect(children.map((s) => s.spanId).sort()).toEqual(result.traffic.map((e) => e.span_id).sort());
    expect(children.every((s) => s.parentSpanId === root?.spanId)).toBe(true);
    expect(r.stderr).toContain(`exported the run's spans to ${collectorUrl}/`);
  });

  it("takes the collector from OTEL_EXPORTER_OTLP_ENDPOINT when no flag is given", async () => {
    const before = received.length;
    const r = await runCli(["smoke", agent.url, "--json"], { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl });
    expect(r.code).toBe(0);
    expect(received.length).toBeGreaterThan(before);
  });

  it("says a collector that is down on stderr and keeps the run's own result and exit code", async () => {
    const r = await runCli(["smoke", agent.url, "--otel-endpoint", "http://127.0.0.1:9/"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("the spans were not exported to http://127.0.0.1:9/");
  });

  it("refuses an endpoint that is not an http(s) URL before anything is sent", async () => {
    const r = await runCli(["smoke", agent.url, "--otel-endpoint", "ftp://collector"]);
    expect(r.code).toBe(exitCodes.usage);
    expect(r.stderr).toContain("--otel-endpoint ftp://collector: expected an http or https URL");
  });
});
