import { describe, expect, it } from "vitest";
import type { LoadSection } from "../model/load.js";
import type { RunResult } from "../model/result.js";
import { renderConsole } from "./console.js";
import { renderHtml } from "./html.js";
import { renderJunit } from "./junit.js";
import { liveLine } from "./load-console.js";
import { renderMarkdown } from "./markdown.js";
import { findAll, parseXml } from "./testing/xml-check.js";
import { HOSTILE, smokeRun } from "./testing/fixtures.js";

const latency = { count: 95, min_ms: 1.2, mean_ms: 12, p50_ms: 10, p90_ms: 20, p99_ms: 45.5, max_ms: 80 };

const load: LoadSection = {
  settings: {
    mode: "stream",
    concurrency: 4,
    rate_per_s: null,
    duration_ms: 3000,
    requests: null,
    ramp_ms: 0,
    message: "hi",
    timeout_ms: 60_000,
  },
  stopped_by: "duration",
  requests: { started: 100, completed: 100, succeeded: 95, failed: 5, abandoned: 0, missed: 0 },
  elapsed_ms: 3100,
  throughput_per_s: 32.3,
  latency,
  first_event: { ...latency, p50_ms: 2 },
  terminal: latency,
  unsettled: 0,
  errors: {
    total: 5,
    rate: 0.05,
    by_kind: { http: 0, jsonrpc: 5, timeout: 0, network: 0, protocol: 0, task: 0 },
    // The key and example quote what the agent sent.
    top: [
      { kind: "jsonrpc", key: `-32603 ${HOSTILE.name}`, count: 5, example: HOSTILE.body, traffic_id: "t9" },
    ],
  },
  timeline: [
    { at_s: 0, width_s: 1, completed: 30, errors: 0, p50_ms: 9, p99_ms: 40, max_ms: 50 },
    { at_s: 1, width_s: 1, completed: 35, errors: 5, p50_ms: 10, p99_ms: 45, max_ms: 80 },
    { at_s: 2, width_s: 1, completed: 35, errors: 0, p50_ms: 11, p99_ms: 46, max_ms: 60 },
  ],
  histogram: [
    { from_ms: 1.2, to_ms: 5, count: 20 },
    { from_ms: 5, to_ms: 20, count: 70 },
    { from_ms: 20, to_ms: 80, count: 5 },
  ],
  windows: [],
  thresholds: [
    { expression: "p99 < 2s", metric: "p99", op: "<", limit: 2000, actual: 45.5, passed: true },
    { expression: "errors < 1%", metric: "errors", op: "<", limit: 0.01, actual: 0.05, passed: false },
  ],
  traffic_kept: { kept: 25, dropped: 75, rule: "the first 20 and up to 50 failures" },
};

const { smoke: _smoke, ...base } = smokeRun;
const loadRun: RunResult = {
  ...base,
  kind: "load",
  status: "failed",
  reason: "thresholds missed: errors < 1% (5 %)",
  load,
};

describe("load reports", () => {
  it("HTML: inline SVG plots of latency over time and the histogram, agent text escaped, no script", () => {
    const doc = renderHtml([loadRun]);
    expect(doc).toMatch(/<svg [^>]*aria-label="Latency over time: p50 and p99 per 1 s/);
    expect(doc).toMatch(/<svg [^>]*aria-label="Latency histogram: 95 requests in 3 log-spaced bins"/);
    expect(doc).toMatch(
      /<polyline [^>]*stroke="#0969da"[^>]*points="[\d.]+,[\d.]+ [\d.]+,[\d.]+ [\d.]+,[\d.]+"/,
    );
    expect(doc).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(doc).not.toMatch(/<script/i);
    expect(doc).toContain("✗ errors &lt; 1%: 5.00 %");
    expect(doc).toContain("<td>first event</td>");
  });

  it("Markdown: the latency table and thresholds, agent text escaped", () => {
    const md = renderMarkdown([loadRun]);
    expect(md).toContain("| first event | 95 | 2.00 ms | 20.0 ms | 45.5 ms | 80.0 ms |");
    expect(md).toContain("- ❌ errors &lt; 1%: 5.00 %");
    expect(md).not.toContain("<script>");
  });

  it("JUnit: one testcase per threshold, the missed one a failure, well-formed whatever the agent sent", () => {
    const xml = parseXml(renderJunit([loadRun]));
    const cases = findAll(xml, "testcase").filter((c) => c.attrs.classname === "load");
    expect(cases.map((c) => c.attrs.name)).toEqual(["threshold p99 < 2s", "threshold errors < 1%"]);
    expect(findAll(cases[1]!, "failure")[0]?.attrs.message).toBe("errors < 1%: 5.00 %");
    expect(findAll(cases[0]!, "failure")).toEqual([]);
  });

  it("console: settings, latency lines, errors by kind and thresholds; the live line is one line", () => {
    const text = renderConsole(loadRun);
    expect(text).toContain("streams · closed loop, 4 concurrent · 3 s at most");
    expect(text).toMatch(/first event +p50 2\.00 ms/);
    expect(text).toContain("errors 5 (5.00 %): jsonrpc 5");
    expect(text).toContain("✗ errors < 1%: 5.00 %");
    expect(text).not.toContain("\u001b[31m");
    const line = liveLine({
      elapsed_s: 12,
      last_second: 843,
      completed: 9000,
      in_flight: 10,
      errors: 0,
      p50_ms: 1.94,
      p99_ms: 6.2,
    });
    expect(line).toBe(
      "   12 s     843 req/s  p50   1.94 ms  p99   6.20 ms  errors 0  done 9000  in flight 10",
    );
  });
});
