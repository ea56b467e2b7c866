import type { LoadSettings } from "../model/load.js";

/** The bounds of a load run: every loop is bounded in count and in time. */
export const loadBounds = {
  concurrency: { min: 1, max: 1000, default: 10 },
  /** 24 hours: the longest soak. */
  durationMs: { min: 100, max: 86_400_000, default: 10_000 },
  /** With --requests and no --duration, the run still stops after an hour. */
  requestsOnlyCapMs: 3_600_000,
  requests: { min: 1, max: 10_000_000 },
  rate: { min: 0.1, max: 100_000 },
  rampMs: { max: 3_600_000 },
} as const;

export const defaultLoadMessage = "Plainwright load test: please reply.";

/** What the user asked for, from flags or a test file, before defaults. Times in ms. */
export interface LoadRequest {
  concurrency?: number;
  durationMs?: number;
  requests?: number;
  rate?: number;
  rampMs?: number;
  stream?: boolean;
  message?: string;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "60s", "5m", "1h", "250ms" or a bare number of seconds, in ms; throws naming the option and the rule. */
export function parseDuration(raw: string, option: string): number {
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|s|m|h)?\s*$/i.exec(raw);
  if (!match) throw new Error(`${option} ${raw}: expected a duration such as 30s, 5m, 1h or 500ms`);
  return Number(match[1]) * (UNITS[(match[2] ?? "s").toLowerCase()] ?? 1000);
}

/** "50", "50/s" or "50rps": requests per second. */
export function parseRate(raw: string, option = "--rate"): number {
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(\/s|rps)?\s*$/i.exec(raw);
  if (!match) throw new Error(`${option} ${raw}: expected requests per second, such as 50 or 50/s`);
  return Number(match[1]);
}

/** A whole number from the command line, or an Error naming the option. */
export function parseWhole(raw: string, option: string): number {
  if (!/^\s*\d+\s*$/.test(raw)) throw new Error(`${option} ${raw}: expected a whole number`);
  return Number(raw);
}

function inRange(value: number, min: number, max: number, what: string, unit = ""): void {
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`${what} must be from ${min}${unit} to ${max}${unit}, got ${value}${unit}`);
}

/** Applies defaults and bounds; throws an Error naming the setting and the rule it breaks. */
export function resolveLoadSettings(request: LoadRequest, timeoutMs: number): LoadSettings {
  const b = loadBounds;
  const concurrency = request.concurrency ?? b.concurrency.default;
  inRange(concurrency, b.concurrency.min, b.concurrency.max, "concurrency");
  if (!Number.isInteger(concurrency))
    throw new Error(`concurrency must be a whole number, got ${concurrency}`);
  if (request.requests !== undefined) {
    inRange(request.requests, b.requests.min, b.requests.max, "requests");
    if (!Number.isInteger(request.requests))
      throw new Error(`requests must be a whole number, got ${request.requests}`);
  }
  if (request.durationMs !== undefined)
    inRange(request.durationMs / 1000, b.durationMs.min / 1000, b.durationMs.max / 1000, "duration", " s");
  const durationMs =
    request.durationMs ?? (request.requests !== undefined ? b.requestsOnlyCapMs : b.durationMs.default);
  if (request.rate !== undefined) inRange(request.rate, b.rate.min, b.rate.max, "rate", "/s");
  const rampMs = request.rampMs ?? 0;
  if (rampMs < 0 || rampMs > b.rampMs.max)
    throw new Error(`ramp must be from 0 s to ${b.rampMs.max / 1000} s, got ${rampMs / 1000} s`);
  if (rampMs >= durationMs)
    throw new Error(
      `ramp (${rampMs / 1000} s) must be shorter than the duration (${durationMs / 1000} s): the run would end before reaching full load`,
    );
  const message = request.message ?? defaultLoadMessage;
  if (message.trim() === "") throw new Error("message must not be empty");
  return {
    mode: request.stream ? "stream" : "send",
    concurrency,
    rate_per_s: request.rate ?? null,
    duration_ms: durationMs,
    requests: request.requests ?? null,
    ramp_ms: rampMs,
    message,
    timeout_ms: timeoutMs,
  };
}

/** config.load as a test file holds it (docs/load.md); read by the schema of load/config-schema.ts. */
export interface LoadConfig {
  concurrency?: number | undefined;
  duration_s?: number | undefined;
  requests?: number | undefined;
  rate?: number | undefined;
  ramp_s?: number | undefined;
  stream?: boolean | undefined;
  message?: string | undefined;
  thresholds?: string[] | undefined;
  /** The host of a target that is not loopback, named to confirm it may be loaded. */
  confirm_target?: string | undefined;
}

/** A test file's config.load as a LoadRequest. */
export function loadRequestOf(config: LoadConfig): LoadRequest {
  return {
    ...(config.concurrency !== undefined ? { concurrency: config.concurrency } : {}),
    ...(config.duration_s !== undefined ? { durationMs: config.duration_s * 1000 } : {}),
    ...(config.requests !== undefined ? { requests: config.requests } : {}),
    ...(config.rate !== undefined ? { rate: config.rate } : {}),
    ...(config.ramp_s !== undefined ? { rampMs: config.ramp_s * 1000 } : {}),
    ...(config.stream !== undefined ? { stream: config.stream } : {}),
    ...(config.message !== undefined ? { message: config.message } : {}),
  };
}
