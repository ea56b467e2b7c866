import { describe, expect, it } from "vitest";
import { NetError } from "./errors.js";
import { RateLimitGate, retryDelayMs, type GateClock } from "./rate-limit.js";

/** A clock that moves only when the gate sleeps: no test waits on real time. */
function fakeClock(): GateClock & { slept: number[] } {
  let now = Date.parse("2026-12-07T12:00:00Z");
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: (ms, signal) => {
      if (signal?.aborted) return Promise.reject(new Error("aborted"));
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

/** An agent's answers in turn: a status and its headers each. */
function answers(...replies: Array<[number, Record<string, string>?]>) {
  let sent = 0;
  const attempt = () => {
    const [status, headers = {}] = replies[Math.min(sent, replies.length - 1)]!;
    sent += 1;
    return Promise.resolve({ status, headers, trafficId: `t${sent}` });
  };
  return { attempt, sent: () => sent };
}

const URL_ = "http://127.0.0.1:9/a2a";

describe("retryDelayMs reads the wait an agent names", () => {
  const now = Date.parse("2026-12-07T12:00:00Z");
  it.each([
    [{ "retry-after": "7" }, 7000],
    [{ "retry-after": "Mon, 07 Dec 2026 12:00:30 GMT" }, 30_000],
    [{ "ratelimit-reset": "12" }, 12_000],
    [{ "x-ratelimit-reset": String(now / 1000 + 20) }, 20_000],
    [{ "retry-after": "soon" }, undefined],
    [{}, undefined],
  ])("%j → %s ms", (headers, ms) => {
    expect(retryDelayMs(headers, now)).toBe(ms);
  });
});

describe("RateLimitGate", () => {
  it("waits out the limit the agent names and sends the request again", async () => {
    const clock = fakeClock();
    const gate = new RateLimitGate({}, clock);
    const agent = answers([429, { "retry-after": "2" }], [200]);
    const response = await gate.send(URL_, agent.attempt);
    expect(response.status).toBe(200);
    expect(clock.slept).toEqual([2000]);
    expect(gate.summary()).toMatchObject({ limited: 1, resent: 1, waitedMs: 2000, givenUp: [] });
  });

  it("holds the origin's other requests until the limit has passed", async () => {
    const clock = fakeClock();
    const gate = new RateLimitGate({}, clock);
    await gate.send(URL_, answers([429, { "retry-after": "5" }], [200]).attempt);
    clock.slept.length = 0;
    const other = answers([200]);
    // The limit passed while the first waited: nothing more to wait.
    await gate.send("http://127.0.0.1:9/other", other.attempt);
    expect(clock.slept).toEqual([]);
    expect(other.sent()).toBe(1);
  });

  it("doubles its own wait when the agent names none, and gives the 429 back after the retries", async () => {
    const clock = fakeClock();
    const gate = new RateLimitGate({ retries: 2 }, clock);
    const agent = answers([429]);
    const response = await gate.send(URL_, agent.attempt);
    expect(response.status).toBe(429);
    expect(agent.sent()).toBe(3);
    expect(clock.slept).toEqual([1000, 2000]);
    expect(gate.gaveUpOn("t3")).toBe(true);
    expect(gate.gaveUpOn("t1")).toBe(false);
  });

  it("does not wait longer than its bounds: one wait, and all waits of the run", async () => {
    const clock = fakeClock();
    const gate = new RateLimitGate({ maxWaitMs: 10_000, maxTotalWaitMs: 15_000 }, clock);
    const long = await gate.send(URL_, answers([429, { "retry-after": "3600" }]).attempt);
    expect(long.status).toBe(429);
    expect(clock.slept).toEqual([]);
    await gate.send(URL_, answers([429, { "retry-after": "9" }], [200]).attempt);
    const over = await gate.send(URL_, answers([429, { "retry-after": "9" }], [200]).attempt);
    expect(over.status).toBe(429);
    expect(gate.summary()).toMatchObject({ limited: 3, resent: 1, waitedMs: 9000 });
    expect(gate.summary().givenUp).toHaveLength(2);
  });

  it("ends a wait its caller cancels as an aborted request", async () => {
    // A clock whose sleeps last until released (or aborted): the second request arrives while the first waits.
    const released: Array<() => void> = [];
    const clock: GateClock = {
      now: () => 0,
      sleep: (_ms, signal) =>
        new Promise<void>((resolve, reject) => {
          if (signal?.aborted) return reject(new Error("aborted"));
          released.push(resolve);
        }),
    };
    const gate = new RateLimitGate({}, clock);
    const first = gate.send(URL_, answers([429, { "retry-after": "30" }], [200]).attempt);
    await new Promise((resolve) => setImmediate(resolve));
    const controller = new AbortController();
    controller.abort();
    const waiting = gate.send(URL_, answers([200]).attempt, controller.signal);
    await expect(waiting).rejects.toBeInstanceOf(NetError);
    await expect(waiting).rejects.toMatchObject({ rule: "aborted" });
    for (const release of released) release();
    expect((await first).status).toBe(200);
  });
});
