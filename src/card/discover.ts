import type { RateLimitGate } from "../net/rate-limit.js";
import type { DiscoveryAttempt } from "../model/result.js";
import { httpRequest } from "../net/http.js";
import { NetError } from "../net/errors.js";
import { tryParseJson } from "../net/json.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { TrafficLog } from "../net/traffic.js";

/** docs/test-files.md, "Card discovery": cards over 512 KB are rejected, each location gets 20 s at most. */
export const cardByteCap = 512 * 1024;
export const cardLocationTimeoutMs = 20_000;

export type DiscoveryResult =
  | {
      found: true;
      url: string;
      card: unknown;
      tried: DiscoveryAttempt[];
      headers: Record<string, string>;
      /** The A2A-Version the card was served to, when the location refused a request without one. */
      askedWithVersion?: string;
    }
  | { found: false; tried: DiscoveryAttempt[] };

/**
 * Statuses with which a location may refuse a request for its lack of A2A-Version (seen at first sight: a 1.0
 * agent answering 400 "VersionNotSupported" to a card GET without the header); never an auth or a missing page.
 */
export const versionRefusalStatuses: ReadonlySet<number> = new Set([400, 406, 412, 415, 422]);

/** The version a discovering client asks with when a location refused it without one: 1.0.1 §3.6.1. */
export const versionAskedAgain = "1.0";

export type FoundCard = Extract<DiscoveryResult, { found: true }>;

export interface DiscoveryOptions {
  headers?: Record<string, string>;
  policy: OutboundPolicy;
  traffic?: TrafficLog;
  rateLimit?: RateLimitGate;
  /** Per-location timeout; never more than the 20 s of docs/test-files.md. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * The locations docs/test-files.md tries, in order: agent-card.json then agent.json under the given path,
 * then both at the host's root, then the URL itself. A URL ending in .json, or one under /.well-known/
 * (a card served at /.well-known/agent-card, seen at first sight), is the card itself, tried first.
 */
export function cardLocations(agentUrl: string): string[] {
  const url = new URL(agentUrl);
  const path = url.pathname.toLowerCase();
  if (path.endsWith(".json")) return [url.toString()];
  const base = url.pathname.replace(/\/+$/, "");
  const origin = url.origin;
  const atRoot = [`${origin}/.well-known/agent-card.json`, `${origin}/.well-known/agent.json`];
  if (path.includes("/.well-known/")) return [url.toString(), ...atRoot];
  if (base === "") return atRoot;
  const atPath = [`${origin}${base}/.well-known/agent-card.json`, `${origin}${base}/.well-known/agent.json`];
  return [...atPath, ...atRoot, url.toString()];
}

/**
 * Whether a JSON object found at the agent URL itself, the last guess, reads as a card: an endpoint may
 * answer a GET with a JSON error object, which is no card.
 */
function looksLikeCard(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  return ["name", "skills", "capabilities", "supportedInterfaces", "supported_interfaces"].some(
    (field) => field in value,
  );
}

async function tryLocation(
  url: string,
  opts: DiscoveryOptions,
): Promise<{ attempt: DiscoveryAttempt; card?: unknown; headers?: Record<string, string> }> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const res = await httpRequest({
      url,
      headers: { Accept: "application/json", ...opts.headers },
      timeoutMs: Math.min(opts.timeoutMs ?? cardLocationTimeoutMs, cardLocationTimeoutMs),
      maxBytes: cardByteCap,
      policy: opts.policy,
      traffic: opts.traffic,
      ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      label: "card",
    });
    const via = res.redirects.length > 0 ? ` (after redirect to ${res.url})` : "";
    if (res.status !== 200)
      return { attempt: { url, outcome: `HTTP ${res.status}${via}`, http_status: res.status, ms: ms() } };
    const parsed = tryParseJson(res.body, res.url);
    if (!parsed.ok) {
      const type = res.contentType || "no content type";
      return {
        attempt: {
          url,
          outcome: `not JSON (${type}): ${parsed.error.message}`,
          http_status: 200,
          ms: ms(),
          rule: parsed.error.rule,
        },
      };
    }
    const value = parsed.value;
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      const what = Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`;
      return { attempt: { url, outcome: `JSON but ${what}, not an object`, http_status: 200, ms: ms() } };
    }
    return {
      attempt: { url, outcome: `found${via}`, http_status: 200, ms: ms() },
      card: value,
      headers: res.headers,
    };
  } catch (error) {
    if (error instanceof NetError)
      return { attempt: { url, outcome: error.message, ms: ms(), rule: error.rule } };
    throw error;
  }
}

/** Finds the agent card: the first location answering 200 with a JSON object wins (docs/test-files.md). */
export async function discoverCard(agentUrl: string, opts: DiscoveryOptions): Promise<DiscoveryResult> {
  const tried: DiscoveryAttempt[] = [];
  const locations = cardLocations(agentUrl);
  // The agent URL itself, when tried after the well-known locations, is a guess: kept only if it reads as a card.
  const given = new URL(agentUrl).toString();
  const guess = locations.indexOf(given) > 0 ? given : undefined;
  for (const url of locations) {
    const { attempt, card, headers } = await tryLocation(url, opts);
    if (card !== undefined && url === guess && !looksLikeCard(card)) {
      tried.push({ ...attempt, outcome: "a JSON object that is no agent card" });
      continue;
    }
    tried.push(attempt);
    if (card !== undefined) return { found: true, url, card, tried, headers: headers ?? {} };
  }
  return (await askedWithVersion(tried, opts)) ?? { found: false, tried };
}

/**
 * A card refused to a request without A2A-Version, asked for again as a 1.0 client asks (1.0.1 §3.6.1: clients
 * MUST send the header with each request): read leniently, the run goes on with it, and
 * card.well-known-uri-returns-card judges the refusal.
 */
async function askedWithVersion(
  tried: DiscoveryAttempt[],
  opts: DiscoveryOptions,
): Promise<FoundCard | undefined> {
  const refused = tried.filter(
    (t) => t.http_status !== undefined && versionRefusalStatuses.has(t.http_status),
  );
  for (const { url } of refused) {
    const headers = { ...opts.headers, "A2A-Version": versionAskedAgain };
    const { attempt, card, headers: answered } = await tryLocation(url, { ...opts, headers });
    tried.push({
      ...attempt,
      outcome: `${attempt.outcome} (asked again with A2A-Version: ${versionAskedAgain})`,
    });
    if (card !== undefined)
      return { found: true, url, card, tried, headers: answered ?? {}, askedWithVersion: versionAskedAgain };
  }
  return undefined;
}

/**
 * The card at a location already found, as a client of `version` asks for it. A2A 1.0.1 §3.6.1: a client
 * sends A2A-Version with each request, and an agent that serves several generations at one URL may answer
 * each with its own card. Undefined when that request does not answer 200 with a JSON object.
 */
export async function fetchCardAs(
  found: FoundCard,
  version: string,
  opts: DiscoveryOptions,
): Promise<FoundCard | undefined> {
  const headers = { ...opts.headers, "A2A-Version": version };
  const { attempt, card, headers: answered } = await tryLocation(found.url, { ...opts, headers });
  if (card === undefined) return undefined;
  return { found: true, url: found.url, card, tried: [attempt], headers: answered ?? {} };
}
