import { describe, expect, it } from "vitest";
import { LatencyHistogram } from "./histogram.js";

describe("LatencyHistogram", () => {
  it("gives percentiles within 0.1 % of the true value, in ms", () => {
    const h = new LatencyHistogram();
    for (let ms = 1; ms <= 1000; ms++) h.record(ms);
    const s = h.summary();
    expect(s.count).toBe(1000);
    expect(s.p50_ms).toBeCloseTo(500, -0.5);
    expect(Math.abs(s.p90_ms - 900) / 900).toBeLessThan(0.001);
    expect(Math.abs(s.p99_ms - 990) / 990).toBeLessThan(0.001);
    expect(Math.abs(s.max_ms - 1000) / 1000).toBeLessThan(0.001);
    expect(s.min_ms).toBe(1);
    expect(s.mean_ms).toBeCloseTo(500.5, 0);
  });

  it("keeps sub-millisecond resolution (loopback latencies)", () => {
    const h = new LatencyHistogram();
    for (let i = 0; i < 99; i++) h.record(0.25);
    h.record(3.5);
    expect(h.percentile(50)).toBeCloseTo(0.25, 2);
    expect(h.maxMs).toBeCloseTo(3.5, 2);
  });

  it("reports zeros, not NaN, when nothing was recorded", () => {
    const s = new LatencyHistogram().summary();
    expect(s).toEqual({ count: 0, min_ms: 0, mean_ms: 0, p50_ms: 0, p90_ms: 0, p99_ms: 0, max_ms: 0 });
    expect(new LatencyHistogram().bins()).toEqual([]);
  });

  it("counts a negative time as 0 and a time past an hour as an hour, instead of throwing", () => {
    const h = new LatencyHistogram();
    h.record(-5);
    h.record(10 * 3_600_000);
    expect(h.count).toBe(2);
    expect(h.maxMs).toBeCloseTo(3_600_000, -4);
  });

  it("bins the distribution into log-spaced bars that hold every value", () => {
    const h = new LatencyHistogram();
    for (let i = 0; i < 900; i++) h.record(2 + (i % 10) / 10);
    for (let i = 0; i < 100; i++) h.record(400 + i);
    const bins = h.bins(20);
    expect(bins.length).toBeLessThanOrEqual(20);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(1000);
    for (const [i, b] of bins.entries()) {
      expect(b.to_ms).toBeGreaterThan(b.from_ms);
      if (i > 0) expect(b.from_ms).toBeCloseTo(bins[i - 1]!.to_ms, 1);
    }
    // The fast bulk and the slow tail land at opposite ends.
    expect(bins[0]!.count).toBeGreaterThan(0);
    expect(bins.at(-1)!.count).toBeGreaterThan(0);
  });

  it("adds another histogram's values", () => {
    const a = new LatencyHistogram();
    const b = new LatencyHistogram();
    a.record(1);
    b.record(100);
    a.add(b);
    expect(a.count).toBe(2);
    expect(a.maxMs).toBeCloseTo(100, 0);
  });
});

describe("LatencyHistogram percentiles", () => {
  it("never reports a percentile above the largest latency recorded", () => {
    const h = new LatencyHistogram();
    for (let i = 0; i < 50; i++) h.record(80 + i);
    h.record(878.1);
    expect(h.percentile(99)).toBeLessThanOrEqual(h.maxMs);
    expect(h.percentile(100)).toBe(h.maxMs);
  });
});
