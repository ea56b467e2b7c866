import { describe, expect, it } from "vitest";
import { LoadRecorder, mergeSlices } from "./recorder.js";
import type { ProbeResult } from "./probe.js";

const ok = (latencyMs: number): ProbeResult => ({ latencyMs, terminalMs: latencyMs, unsettled: false });
const failed = (key: string): ProbeResult => ({
  latencyMs: 1,
  unsettled: false,
  error: { kind: "jsonrpc", key, message: `failed: ${key}` },
});

describe("LoadRecorder", () => {
  it("keeps failures out of the latency and counts them by kind and key", () => {
    const r = new LoadRecorder(0, 10_000);
    for (let i = 0; i < 8; i++) r.record(ok(10), 100 + i);
    r.record(failed("-32603 InternalError"), 200);
    r.record(failed("-32603 InternalError"), 201);
    r.finish(300);
    expect(r.latency.count).toBe(8);
    expect(r.latency.percentile(99)).toBeCloseTo(10, 1);
    expect(r.errorsByKind()).toMatchObject({ jsonrpc: 2, http: 0, timeout: 0, protocol: 0 });
    expect(r.topErrors()).toEqual([
      { kind: "jsonrpc", key: "-32603 InternalError", count: 2, example: "failed: -32603 InternalError" },
    ]);
  });

  it("times the terminal state of the requests that reached one, however late or early they did", () => {
    const atReply = new LoadRecorder(0, 10_000);
    for (let i = 1; i <= 4; i++) atReply.record(ok(i * 10), i);
    expect(atReply.terminalSummary()).toEqual(atReply.latency.summary());

    const mixed = new LoadRecorder(0, 10_000);
    mixed.record(ok(10), 1);
    mixed.record(ok(20), 2);
    mixed.record({ latencyMs: 30, unsettled: true }, 3);
    mixed.record({ latencyMs: 40, terminalMs: 35, unsettled: false }, 4);
    mixed.record(ok(50), 5);
    mixed.record(failed("-32603 InternalError"), 6);
    const terminal = mixed.terminalSummary();
    expect(terminal.count).toBe(4);
    expect([terminal.min_ms, terminal.max_ms]).toEqual([10, 50]);
    expect(terminal.p50_ms).toBeCloseTo(20, 1);
    expect(mixed.latency.count).toBe(5);
  });

  it("groups failures past 50 distinct keys under (other), so a hostile agent cannot grow the result", () => {
    const r = new LoadRecorder(0, 10_000);
    for (let i = 0; i < 500; i++) r.record(failed(`error number ${i}`), i);
    const kinds = r.topErrors();
    expect(kinds.length).toBeLessThanOrEqual(20);
    expect(kinds[0]).toMatchObject({ key: "(other)", count: 450 });
    expect(r.errorsByKind().jsonrpc).toBe(500);
  });

  it("writes one timeline slice per second, empty seconds included, and one summary per window", () => {
    const r = new LoadRecorder(0, 2000);
    r.record(ok(5), 100);
    r.record(ok(7), 900);
    r.record(ok(50), 3500);
    r.finish(4200);
    expect(r.timeline().map((s) => [s.at_s, s.completed])).toEqual([
      [0, 2],
      [1, 0],
      [2, 0],
      [3, 1],
      [4, 0],
    ]);
    expect(r.windows().map((w) => [w.from_s, w.to_s, w.completed])).toEqual([
      [0, 2, 2],
      [2, 4, 1],
    ]);
  });

  it("includes the second in progress in the latency, before it closes and after", () => {
    const r = new LoadRecorder(0, 1000);
    r.record(ok(5), 100);
    r.record(ok(9), 1200);
    expect(r.latency.count).toBe(2);
    expect(r.latency.maxMs).toBeCloseTo(9, 1);
    const tick = r.tick(1300, 0);
    expect(tick.completed).toBe(2);
    expect(tick.p99_ms).toBeCloseTo(9, 1);
    r.finish(1500);
    expect(r.latency.count).toBe(2);
    expect(r.windows().map((w) => [w.from_s, w.completed, w.max_ms])).toEqual([
      [0, 1, 5],
      [1, 1, 9],
    ]);
  });

  it("refuses a drift window that is not whole seconds, since a window is made of seconds", () => {
    expect(() => new LoadRecorder(0, 1500)).toThrow(/whole seconds/);
  });

  it("measures drift between the first and last whole windows at full load", () => {
    const r = new LoadRecorder(0, 1000);
    for (let s = 0; s < 6; s++) for (let i = 0; i < 10; i++) r.record(ok(10 * (s + 1)), s * 1000 + i * 50);
    r.finish(6500);
    // Sending 0-6 s, ramp 1 s: the first window at full load is 1-2 s (20 ms), the last whole one 5-6 s (60 ms).
    const drift = r.drift(1, 6);
    expect(drift?.first.from_s).toBe(1);
    expect(drift?.last.from_s).toBe(5);
    expect(drift?.p50_ratio).toBeCloseTo(3, 1);
    expect(r.drift(0, 1)).toBeUndefined();
  });
});

describe("mergeSlices", () => {
  it("adds counts, weights p50 by successful requests and keeps the highest p99 and max", () => {
    const merged = mergeSlices(
      [
        { at_s: 0, width_s: 1, completed: 10, errors: 0, p50_ms: 10, p99_ms: 30, max_ms: 40 },
        { at_s: 1, width_s: 1, completed: 31, errors: 1, p50_ms: 20, p99_ms: 25, max_ms: 90 },
        { at_s: 2, width_s: 1, completed: 5, errors: 0, p50_ms: 5, p99_ms: 6, max_ms: 7 },
      ],
      2,
    );
    expect(merged).toEqual([
      { at_s: 0, width_s: 2, completed: 41, errors: 1, p50_ms: 17.5, p99_ms: 30, max_ms: 90 },
      { at_s: 2, width_s: 1, completed: 5, errors: 0, p50_ms: 5, p99_ms: 6, max_ms: 7 },
    ]);
  });
});
