import { createPublicKey } from "node:crypto";
import { httpRequest } from "../net/http.js";
import { NetError } from "../net/errors.js";
import { tryParseJson } from "../net/json.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { TrafficLog } from "../net/traffic.js";
import { jwkSchema, jwksSchema, type Jwk } from "./jws.js";
import type { KeySource } from "./signature.js";
import { cardLocationTimeoutMs } from "./discover.js";

/** A JWKS is a few keys: 64 KB holds dozens of RSA-4096 keys. */
export const keySetByteCap = 64 * 1024;

export type KeySetResult =
  | { ok: true; url: string; keys: Jwk[]; notes: string[]; evidence: string[] }
  | { ok: false; url: string; problem: string; evidence: string[] };

type KeySetParse =
  { ok: true; url: string; keys: Jwk[]; notes: string[] } | { ok: false; url: string; problem: string };

export interface KeySetOptions {
  policy: OutboundPolicy;
  traffic?: TrafficLog;
  timeoutMs: number;
  /** The run's own: cancelling the run stops the fetch. */
  signal?: AbortSignal;
}

/** The keys of a JWKS document (RFC 7517 §5); entries that are not JWKs are noted, not fatal. */
export function parseKeySet(body: string, url: string): KeySetParse {
  const parsed = tryParseJson(body, url, 16);
  if (!parsed.ok) return { ok: false, url, problem: parsed.error.message };
  const set = jwksSchema.safeParse(parsed.value);
  if (!set.success)
    return {
      ok: false,
      url,
      problem: `${url} is not a JWK Set: it needs a "keys" array (of at most 100 keys)`,
    };
  const keys: Jwk[] = [];
  const notes: string[] = [];
  set.data.keys.forEach((raw, i) => {
    const key = jwkSchema.safeParse(raw);
    if (key.success) keys.push(key.data);
    else notes.push(`keys[${i}] of ${url} is not a JWK (no "kty")`);
  });
  return { ok: true, url, keys, notes };
}

/**
 * Fetches the JWKS a signature's `jku` names (A2A 1.0.1 §8.4.3 step 2) through Plainwright's one HTTP
 * client: the outbound policy, a size cap and a time limit; no credentials are sent.
 */
export async function fetchKeySet(url: string, opts: KeySetOptions): Promise<KeySetResult> {
  try {
    const res = await httpRequest({
      url,
      headers: { Accept: "application/jwk-set+json, application/json" },
      timeoutMs: Math.min(opts.timeoutMs, cardLocationTimeoutMs),
      maxBytes: keySetByteCap,
      policy: opts.policy,
      ...(opts.traffic ? { traffic: opts.traffic } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      label: "card jwks",
    });
    const evidence = res.trafficId ? [res.trafficId] : [];
    if (res.status !== 200)
      return { ok: false, url, problem: `${url} answered HTTP ${res.status}`, evidence };
    return { ...parseKeySet(res.body, url), evidence };
  } catch (error) {
    if (error instanceof NetError) return { ok: false, url, problem: error.message, evidence: [] };
    throw error;
  }
}

/**
 * Keys a user gives for card signatures (--card-key): a JWK, a JWK Set, or a PEM public key, as text.
 * Returns the problem, naming `source`, when the text is none of them.
 */
export function keysFromText(
  text: string,
  source: string,
): { ok: true; keys: Jwk[] } | { ok: false; problem: string } {
  const trimmed = text.trim();
  if (trimmed.startsWith("-----BEGIN")) {
    try {
      const jwk = jwkSchema.parse(createPublicKey(trimmed).export({ format: "jwk" }));
      return { ok: true, keys: [jwk] };
    } catch (error) {
      return {
        ok: false,
        problem: `${source} is PEM but not a public key node:crypto reads: ${(error as Error).message}`,
      };
    }
  }
  const parsed = tryParseJson(trimmed, source, 16);
  if (!parsed.ok)
    return { ok: false, problem: `${source} is neither a PEM public key nor JSON (a JWK or a JWK Set)` };
  const single = jwkSchema.safeParse(parsed.value);
  if (single.success) return { ok: true, keys: [single.data] };
  const set = parseKeySet(trimmed, source);
  if (!set.ok)
    return {
      ok: false,
      problem: `${source} is JSON but neither a JWK (with "kty") nor a JWK Set (with "keys")`,
    };
  if (set.keys.length === 0) return { ok: false, problem: `${source} is a JWK Set without keys` };
  return { ok: true, keys: set.keys };
}

/**
 * Where a card's verification keys come from: the user's (--card-key) first, then the JWKS a signature's
 * jku names, fetched once per URL however many signatures name it.
 */
export function keySource(keys: readonly Jwk[], opts: KeySetOptions): KeySource {
  const fetched = new Map<string, Promise<KeySetResult>>();
  return {
    keys,
    fetchKeySet: (url) => {
      let result = fetched.get(url);
      if (!result) {
        result = fetchKeySet(url, opts);
        fetched.set(url, result);
      }
      return result;
    },
  };
}
