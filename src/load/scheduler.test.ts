import { describe, expect, it } from "vitest";
import { rampedRate, runSchedule, type ScheduleOptions } from "./scheduler.js";
import { FakeClock } from "./testing/fake-clock.js";

/** A task that takes `ms` of fake time and records how many ran at once. */
function timedTask(clock: FakeClock, ms: number | ((index: number) => number)) {
  const seen = { started: [] as number[], inFlight: 0, peak: 0, finished: 0 };
  const task = async (index: number) => {
    seen.started.push(clock.now());
    seen.inFlight += 1;
    seen.peak = Math.max(seen.peak, seen.inFlight);
    await clock.sleep(typeof ms === "number" ? ms : ms(index));
    seen.inFlight -= 1;
    seen.finished += 1;
  };
  return { seen, task };
}

function options(clock: FakeClock, over: Partial<ScheduleOptions>): ScheduleOptions {
  return { concurrency: 4, rampMs: 0, durationMs: 10_000, drainMs: 5_000, clock, ...over };
}

describe("runSchedule, closed loop", () => {
  it("starts exactly the requested count and never more than the concurrency at once", async () => {
    const clock = new FakeClock();
    const { seen, task } = timedTask(clock, 100);
    const outcome = await clock.runUntil(runSchedule(options(clock, { requests: 37 }), task), 10, 60_000);
    expect(outcome).toMatchObject({ started: 37, completed: 37, abandoned: 0, stoppedBy: "requests" });
    expect(seen.peak).toBe(4);
    // 37 requests of 100 ms over 4 workers: ten rounds.
    expect(outcome.elapsedMs).toBe(1000);
  });

  it("stops sending at the duration and lets the requests in flight finish", async () => {
    const clock = new FakeClock();
    const { seen, task } = timedTask(clock, 300);
    const outcome = await clock.runUntil(runSchedule(options(clock, { durationMs: 1000 }), task), 10, 60_000);
    expect(outcome.stoppedBy).toBe("duration");
    expect(outcome.sendingMs).toBe(1000);
    // Starts at 0, 300, 600, 900 on each of 4 workers; the last round ends at 1200.
    expect(outcome.started).toBe(16);
    expect(outcome.completed).toBe(16);
    expect(outcome.elapsedMs).toBe(1200);
    expect(seen.finished).toBe(16);
  });

  it("abandons requests still running when the drain timeout ends, instead of waiting for ever", async () => {
    const clock = new FakeClock();
    const { task } = timedTask(clock, (i) => (i === 0 ? 1_000_000 : 50));
    const outcome = await clock.runUntil(
      runSchedule(options(clock, { durationMs: 500, drainMs: 2000 }), task),
      50,
      60_000,
    );
    expect(outcome.abandoned).toBe(1);
    expect(outcome.elapsedMs).toBe(2500);
  });

  it("ramps the workers in one by one over the ramp", async () => {
    const clock = new FakeClock();
    const { seen, task } = timedTask(clock, 100);
    await clock.runUntil(runSchedule(options(clock, { rampMs: 2000, durationMs: 4000 }), task), 10, 60_000);
    const startsBefore = (t: number) => seen.started.filter((s) => s < t).length;
    // Worker i joins at 500 × i ms: 1 worker for the first 500 ms (5 starts), then 2, 3, 4.
    expect(startsBefore(500)).toBe(5);
    expect(startsBefore(1000)).toBe(15);
    expect(seen.peak).toBe(4);
  });

  it("stops when interrupted and reports what was done", async () => {
    const clock = new FakeClock();
    const { task } = timedTask(clock, 100);
    const stop = new AbortController();
    const running = runSchedule(options(clock, { signal: stop.signal }), task);
    await clock.advance(350);
    stop.abort();
    const outcome = await clock.runUntil(running, 10, 60_000);
    expect(outcome.stoppedBy).toBe("interrupted");
    expect(outcome.started).toBe(16);
  });

  it("raises a task's own exception after stopping, never hiding it", async () => {
    const clock = new FakeClock();
    const task = (index: number) => (index === 3 ? Promise.reject(new Error("bug")) : clock.sleep(10));
    await expect(clock.runUntil(runSchedule(options(clock, {}), task), 10, 60_000)).rejects.toThrow("bug");
  });
});

describe("runSchedule, open loop", () => {
  it("starts requests at the rate whatever their latency", async () => {
    const clock = new FakeClock();
    const { seen, task } = timedTask(clock, 250);
    const outcome = await clock.runUntil(
      runSchedule(options(clock, { ratePerS: 20, concurrency: 50, durationMs: 2000 }), task),
      1,
      60_000,
    );
    expect(outcome.started).toBeGreaterThanOrEqual(39);
    expect(outcome.started).toBeLessThanOrEqual(41);
    expect(outcome.missed).toBe(0);
    // 20/s at 250 ms each: about 5 in flight, not the 50 allowed.
    expect(seen.peak).toBeLessThanOrEqual(6);
  });

  it("counts starts due while every slot is busy as missed, instead of queueing them", async () => {
    const clock = new FakeClock();
    const { seen, task } = timedTask(clock, 1000);
    const outcome = await clock.runUntil(
      runSchedule(options(clock, { ratePerS: 10, concurrency: 2, durationMs: 2000 }), task),
      1,
      60_000,
    );
    expect(seen.peak).toBe(2);
    expect(outcome.started).toBe(4);
    expect(outcome.missed).toBeGreaterThanOrEqual(15);
  });

  it("stops at the request count", async () => {
    const clock = new FakeClock();
    const { task } = timedTask(clock, 10);
    const outcome = await clock.runUntil(
      runSchedule(options(clock, { ratePerS: 100, requests: 25 }), task),
      1,
      60_000,
    );
    expect(outcome).toMatchObject({ started: 25, completed: 25, stoppedBy: "requests" });
    expect(outcome.sendingMs).toBeLessThan(300);
  });

  it("ramps the rate from one a second to full", () => {
    expect(rampedRate(100, 10_000, 0)).toBe(1);
    expect(rampedRate(100, 10_000, 5_000)).toBeCloseTo(50.5);
    expect(rampedRate(100, 10_000, 20_000)).toBe(100);
    expect(rampedRate(0.5, 1000, 0)).toBe(0.5);
    expect(rampedRate(100, 0, 0)).toBe(100);
  });
});
