import { createPublicKey } from "node:crypto";
import { httpRequest } from "../net/http.js";
import { NetError } from "../net/errors.js";
import { tryParseJson } from "../net/json.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { TrafficLog } from "../net/traffic.js";
import type { Jwk } from "./jws.js";
import { cardLocationTimeoutMs } from "./discover.js";

// Two small shapes read by hand rather than with the schema library: loading it would double the start-up
// of `plainwright card` on every signed card, and the messages below say what is wrong in the JWK's terms.

const optionalMembers = ["kid", "alg", "use", "crv"] as const;

/** A JWK as JWKS documents carry it (RFC 7517 §4): `kty` a string, the named optional members strings. */
function readJwk(value: unknown): Jwk | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const jwk = value as Record<string, unknown>;
  if (typeof jwk.kty !== "string") return undefined;
  if (optionalMembers.some((m) => jwk[m] !== undefined && typeof jwk[m] !== "string")) return undefined;
  return jwk as Jwk;
}

/** A JWK Set (RFC 7517 §5): an object whose `keys` is an array, of at most 100 entries here. */
function readKeys(value: unknown): unknown[] | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const keys = (value as Record<string, unknown>).keys;
  return Array.isArray(keys) && keys.length <= 100 ? keys : undefined;
}

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
  const entries = readKeys(parsed.value);
  if (!entries)
    return {
      ok: false,
      url,
      problem: `${url} is not a JWK Set: it needs a "keys" array (of at most 100 keys)`,
    };
  const keys: Jwk[] = [];
  const notes: string[] = [];
  entries.forEach((raw, i) => {
    const key = readJwk(raw);
    if (key) keys.push(key);
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
      const jwk = readJwk(createPublicKey(trimmed).export({ format: "jwk" }));
      if (jwk) return { ok: true, keys: [jwk] };
      return { ok: false, problem: `${source} is PEM but node:crypto exported no usable JWK from it` };
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
  const single = readJwk(parsed.value);
  if (single) return { ok: true, keys: [single] };
  const set = parseKeySet(trimmed, source);
  if (!set.ok)
    return {
      ok: false,
      problem: `${source} is JSON but neither a JWK (with "kty") nor a JWK Set (with "keys")`,
    };
  if (set.keys.length === 0) return { ok: false, problem: `${source} is a JWK Set without keys` };
  return { ok: true, keys: set.keys };
}
