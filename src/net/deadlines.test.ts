import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { unwatchDeadline, watchDeadline } from "./deadlines.js";
import type { Expiring } from "./deadlines.js";

function item(name: string, expired: string[], onExpire?: () => void): Expiring {
  return {
    expire() {
      expired.push(name);
      onExpire?.();
    },
    deadlineAt: 0,
    deadlineList: undefined,
    deadlinePrev: undefined,
    deadlineNext: undefined,
  };
}

const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

describe("deadlines", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("expires each item at its own deadline, in order, with one timer for the duration", () => {
    const expired: string[] = [];
    const [a, b, c] = ["a", "b", "c"].map((n) => item(n, expired)) as [Expiring, Expiring, Expiring];
    watchDeadline(a, 100, 0);
    watchDeadline(b, 100, 40);
    watchDeadline(c, 100, 40);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(99);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(["a"]);
    vi.advanceTimersByTime(39);
    expect(expired).toEqual(["a"]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(["a", "b", "c"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("never expires an item unwatched in time, and times the next one from its own deadline", () => {
    const expired: string[] = [];
    const [a, b] = ["a", "b"].map((n) => item(n, expired)) as [Expiring, Expiring];
    watchDeadline(a, 100, 0);
    watchDeadline(b, 100, 70);
    vi.advanceTimersByTime(50);
    unwatchDeadline(a);
    unwatchDeadline(a);
    vi.advanceTimersByTime(50);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(70);
    expect(expired).toEqual(["b"]);
  });

  it("drops the timer once nothing is watched, so an idle process can exit", () => {
    const expired: string[] = [];
    const a = item("a", expired);
    watchDeadline(a, 30_000, 0);
    expect(vi.getTimerCount()).toBe(1);
    unwatchDeadline(a);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("times durations apart and times what an expiry starts anew", () => {
    const expired: string[] = [];
    const retry = item("retry", expired);
    const short = item("short", expired, () => watchDeadline(retry, 100, 50));
    const long = item("long", expired);
    watchDeadline(long, 500, 0);
    watchDeadline(short, 50, 0);
    vi.advanceTimersByTime(50);
    expect(expired).toEqual(["short"]);
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(["short", "retry"]);
    vi.advanceTimersByTime(350);
    expect(expired).toEqual(["short", "retry", "long"]);
  });
});

describe("deadlines on the real clock", () => {
  it("expires on time and leaves no timer behind", async () => {
    const before = timeouts();
    const expired: string[] = [];
    let done: () => void = () => {};
    const fired = new Promise<void>((resolve) => (done = resolve));
    const started = performance.now();
    watchDeadline(item("a", expired, done), 40, started);
    expect(timeouts()).toBe(before + 1);
    await fired;
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
    expect(expired).toEqual(["a"]);
    expect(timeouts()).toBe(before);
  });
});
