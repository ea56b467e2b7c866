import { setTimeout as sleepFor } from "node:timers/promises";
import { NetError } from "./errors.js";

// An agent that limits how often it may be asked (HTTP 429 Too Many Requests, RFC 6585 §4) is not judged on
// the refusals its limit gives: a test run sends in a second what a client sends in a minute. The requests of
// a run wait out the limit the agent names and are sent again, a bounded number of times within a bounded
// total wait; a response still 429 then is returned as it is, noted, and the checks that rest on it are not
// judged (src/checks/execute.ts).

/** How long to wait out a limit, and how much in all. */
export interface RateLimitSettings {
  /** Sends of one request after the first 429 (default 3). */
  retries: number;
  /** A single wait longer than this is not waited (default 65 s: a per-minute window and a little). */
  maxWaitMs: number;
  /** All waits of the run together (default 180 s). */
  maxTotalWaitMs: number;
}

/** Time as the gate sees it: real by default, a fake clock in tests. */
export interface GateClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: GateClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleepFor(ms, undefined, signal ? { signal } : {}),
};

const DEFAULTS: RateLimitSettings = { retries: 3, maxWaitMs: 65_000, maxTotalWaitMs: 180_000 };

/** What the run met: 429s, the sends made again after one, the waits, and the 429s given back as they were. */
export interface RateLimitSummary {
  limited: number;
  resent: number;
  waitedMs: number;
  /** Traffic ids of the 429 responses returned to their callers (no send after them). */
  givenUp: string[];
}

/** The least a response needs for the gate: its status, headers and traffic entry. */
interface Answered {
  status: number;
  headers: Record<string, string>;
  trafficId?: string;
}

/**
 * Milliseconds the agent asks a client to wait, from Retry-After (seconds or an HTTP date, RFC 9110 §10.2.3)
 * or RateLimit-Reset / X-RateLimit-Reset (seconds; an epoch time when it is one); undefined when none says.
 */
export function retryDelayMs(headers: Record<string, string>, now: number): number | undefined {
  const retryAfter = headers["retry-after"]?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const reset = (headers["ratelimit-reset"] ?? headers["x-ratelimit-reset"])?.trim();
  if (reset && /^\d+(\.\d+)?$/.test(reset)) {
    const value = Number(reset);
    // A value past 2001 in epoch seconds is a moment, not a number of seconds to wait.
    return value > 1e9 ? Math.max(0, value * 1000 - now) : value * 1000;
  }
  return undefined;
}

/**
 * One per run, shared by every request to the agent: after a 429 from an origin, its requests wait until the
 * time the agent named (one second, doubling, when it names none) and the refused one is sent again.
 */
export class RateLimitGate {
  readonly #settings: RateLimitSettings;
  readonly #clock: GateClock;
  /** Per origin, when the agent may be asked again. */
  readonly #until = new Map<string, number>();
  readonly #summary: RateLimitSummary = { limited: 0, resent: 0, waitedMs: 0, givenUp: [] };

  constructor(settings: Partial<RateLimitSettings> = {}, clock: GateClock = realClock) {
    this.#settings = { ...DEFAULTS, ...settings };
    this.#clock = clock;
  }

  summary(): RateLimitSummary {
    return { ...this.#summary, givenUp: [...this.#summary.givenUp] };
  }

  /** Whether this traffic entry is a 429 that was returned as it was. */
  gaveUpOn(trafficId: string): boolean {
    return this.#summary.givenUp.includes(trafficId);
  }

  /** Sends by `attempt` once the origin's limit has passed, again after each 429 while the bounds allow. */
  async send<R extends Answered>(url: string, attempt: () => Promise<R>, signal?: AbortSignal): Promise<R> {
    const origin = originOf(url);
    for (let resends = 0; ; resends++) {
      await this.#ready(origin, url, signal);
      const response = await attempt();
      if (response.status !== 429) return response;
      this.#summary.limited++;
      const waitMs = this.#waitFor(response, resends);
      if (resends >= this.#settings.retries || waitMs === undefined) {
        if (response.trafficId) this.#summary.givenUp.push(response.trafficId);
        return response;
      }
      this.#close(origin, waitMs);
      this.#summary.resent++;
    }
  }

  /** How long to wait before sending again, or undefined when that is past the bounds. */
  #waitFor(response: Answered, resends: number): number | undefined {
    const named = retryDelayMs(response.headers, this.#clock.now());
    const waitMs = named ?? 1000 * 2 ** resends;
    if (waitMs > this.#settings.maxWaitMs) return undefined;
    if (this.#summary.waitedMs + waitMs > this.#settings.maxTotalWaitMs) return undefined;
    return waitMs;
  }

  /** Closes the origin for `waitMs` from now; only the time past an earlier closing counts as waited. */
  #close(origin: string, waitMs: number): void {
    const now = this.#clock.now();
    const until = now + waitMs;
    const before = Math.max(now, this.#until.get(origin) ?? 0);
    if (until <= before) return;
    this.#summary.waitedMs += until - before;
    this.#until.set(origin, until);
  }

  async #ready(origin: string, url: string, signal?: AbortSignal): Promise<void> {
    const until = this.#until.get(origin);
    if (until === undefined) return;
    const left = until - this.#clock.now();
    if (left <= 0) return void this.#until.delete(origin);
    try {
      await this.#clock.sleep(left, signal);
    } catch (error) {
      if (signal?.aborted)
        throw new NetError("aborted", url, `the request to ${url} was cancelled by the caller`, {
          cause: error,
        });
      throw error;
    }
  }
}

/** The scheme, host and port a limit applies to; the URL itself when it does not parse (the policy refuses it). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
