import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QuietTimer } from "./quiet-timer.js";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a stream's silence limit", () => {
  it("a fixed limit fires once, after that much silence since the last thing heard", () => {
    const fired: number[] = [];
    const timer = new QuietTimer(1000, (ms) => fired.push(ms));
    vi.advanceTimersByTime(900);
    timer.heard();
    vi.advanceTimersByTime(900);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual([1000]);
    vi.advanceTimersByTime(5000);
    expect(fired).toEqual([1000]);
  });

  it("a limit lowered while a stream is already silent applies to that stream", () => {
    let limit = 60_000;
    const fired: number[] = [];
    new QuietTimer(
      () => limit,
      (ms) => fired.push(ms),
    );
    vi.advanceTimersByTime(3000);
    limit = 5000;
    vi.advanceTimersByTime(1900);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1100);
    expect(fired).toEqual([5000]);
  });

  it("a changeable limit counts silence from the last thing heard, and stops when told", () => {
    const fired: number[] = [];
    const timer = new QuietTimer(
      () => 2500,
      (ms) => fired.push(ms),
    );
    vi.advanceTimersByTime(2000);
    timer.heard();
    vi.advanceTimersByTime(2000);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(600);
    expect(fired).toEqual([2500]);
    const stopped = new QuietTimer(
      () => 100,
      (ms) => fired.push(ms),
    );
    stopped.stop();
    vi.advanceTimersByTime(10_000);
    expect(fired).toEqual([2500]);
  });
});
