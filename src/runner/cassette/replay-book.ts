import { parseGrpcAddress } from "../../client/grpc/index.js";
import type { Cassette, CassetteExchange } from "./cassette.js";

/*
 * What a replay's stand-ins share (docs/config.md "Record and replay"): the recordings of a cassette and
 * how a new request finds its own. Each request is answered with the recorded reply of the request that
 * matches it best: same host, method, path and body at three levels — equal but for the JSON-RPC id and
 * message ids; equal once every UUID is blanked (ids the client made up anew); of the same shape. Among
 * equals, the recording whose ids agree with those already paired wins, then the first unused; once all
 * are used the last repeats (a task polled more often than recorded). The ids the new requests hold where
 * the recorded ones held others are written into the replies.
 */

/** A request that found no recording. */
export interface ReplayMiss {
  method: string;
  path: string;
  /** The JSON-RPC method, when the body names one. */
  rpc?: string;
}

export type Json = unknown;
type Level = 0 | 1 | 2;

const uuidIn = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const clientIdKeys = new Set(["messageId", "message_id"]);

export function parse(body: string | undefined): Json {
  if (body === undefined || body === "") return undefined;
  try {
    return JSON.parse(body) as Json;
  } catch {
    return body;
  }
}

/** A body with what varies run to run blanked at a level; `depth` 1 is the envelope, whose `id` is the request's. */
function normalized(value: Json, level: Level, key?: string, depth = 0): Json {
  if (Array.isArray(value)) return value.map((v) => normalized(v, level, undefined, depth + 1));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value as Record<string, Json>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, normalized(v, level, k, depth + 1)]),
    );
  if ((depth === 1 && key === "id") || (key !== undefined && clientIdKeys.has(key))) return "<id>";
  if (level === 2) return typeof value;
  if (level === 1 && typeof value === "string") return value.replace(uuidIn, "<uuid>");
  return value;
}

/** The path at a level: as sent; its UUIDs blanked; every segment with a digit and every query value blanked. */
function pathAt(path: string, level: Level): string {
  if (level === 0) return path;
  if (level === 1) return path.replace(uuidIn, "<uuid>");
  const [route = "", query] = path.split("?", 2);
  const shape = route.replace(/[^/]*\d[^/]*/g, "<v>");
  return query === undefined ? shape : `${shape}?${query.replace(/=[^&]*/g, "=<v>")}`;
}

/** Pairs of strings where the recorded request held one value and the new one another (ids, for long enough values). */
function pairs(recorded: Json, now: Json, out: Array<[string, string]>): void {
  if (typeof recorded === "string" && typeof now === "string") {
    if (recorded !== now && recorded.length >= 8) out.push([recorded, now]);
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(now)) recorded.forEach((r, i) => pairs(r, now[i], out));
  else if (recorded && now && typeof recorded === "object" && typeof now === "object")
    for (const [k, v] of Object.entries(recorded as Record<string, Json>))
      pairs(v, (now as Record<string, Json>)[k], out);
}

/** The path's segments as a JSON value, so ids in a REST path pair up as a body's do. */
const segments = (path: string) => path.split(/[/?&=:]/);

/** The first value under a key of that name, anywhere in a JSON value. */
function findKey(value: Json, key: string): Json {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = findKey(v, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== "object") return undefined;
  const object = value as Record<string, Json>;
  if (key in object) return object[key];
  for (const v of Object.values(object)) {
    const found = findKey(v, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

export interface Recording {
  exchange: CassetteExchange;
  body: Json;
  keys: [string, string, string];
  used: boolean;
}

const keyOf = (origin: string, method: string, path: string, body: Json, level: Level) =>
  JSON.stringify([origin, method, pathAt(path, level), normalized(body, level)]);

/** The pause before a recorded stream event: the recorded pace, each pause at most 2 s (the order and the rhythm, not the long waits). */
export const recordedPause = (atMs: number, lastMs: number) => Math.min(2000, Math.max(0, atMs - lastMs));

/** A recorded exchange over gRPC: its origin is `grpc://` or `grpcs://`, its method and path the RPC's. */
export const isGrpcExchange = (exchange: CassetteExchange) => /^grpcs?:\/\//i.test(exchange.origin);

export class ReplayBook {
  readonly misses: ReplayMiss[] = [];
  readonly #recordings: Recording[];
  readonly #webhooks: Cassette["webhooks"];
  /** The recorded webhook URLs whose notifications were already sent again. */
  readonly #notified = new Set<string>();
  /** Recorded id → the id the replay uses in its place, learnt from every matched request. */
  readonly #ids = new Map<string, string>();

  constructor(cassette: Cassette) {
    this.#webhooks = cassette.webhooks;
    this.#recordings = cassette.exchanges.map((exchange) => {
      const body = parse(exchange.request_body);
      const keys = ([0, 1, 2] as const).map((l) =>
        keyOf(exchange.origin, exchange.method, exchange.path, body, l),
      );
      return { exchange, body, keys: keys as [string, string, string], used: false };
    });
  }

  /** The recorded HTTP hosts (`host:port`), diverted to the HTTP stand-in. */
  get httpHosts(): string[] {
    const http = this.#recordings.filter((r) => !isGrpcExchange(r.exchange));
    return [...new Set(http.map((r) => new URL(r.exchange.origin).host))];
  }

  /** The recorded gRPC hosts, as the outbound policy sees them (`host:port` of their http(s) form). */
  get grpcHosts(): string[] {
    const hosts = this.#recordings
      .filter((r) => isGrpcExchange(r.exchange))
      .map((r) => parseGrpcAddress(r.exchange.origin)?.policyUrl)
      .filter((url) => url !== undefined)
      .map((url) => new URL(url).host);
    return [...new Set(hosts)];
  }

  /** How far a recording's ids agree with those already paired: +1 per agreeing id, −1 per contradicting one. */
  #agreement(recording: Recording, path: string, body: Json): number {
    const found: Array<[string, string]> = [];
    pairs(recording.body, body, found);
    pairs(segments(recording.exchange.path), segments(path), found);
    let score = 0;
    for (const [recorded, now] of found) {
      const known = this.#ids.get(recorded);
      if (known !== undefined) score += known === now ? 1 : -1;
    }
    return score;
  }

  #match(origin: string, method: string, path: string, body: Json): Recording | undefined {
    for (const level of [0, 1, 2] as const) {
      const key = keyOf(origin, method, path, body, level);
      const same = this.#recordings.filter((r) => r.keys[level] === key);
      if (same.length === 0) continue;
      const unused = same.filter((r) => !r.used);
      const pool = unused.length > 0 ? unused : [same[same.length - 1]!];
      let best = pool[0]!;
      let bestScore = this.#agreement(best, path, body);
      for (const r of pool.slice(1)) {
        const score = this.#agreement(r, path, body);
        if (score > bestScore) [best, bestScore] = [r, score];
      }
      best.used = true;
      return best;
    }
    return undefined;
  }

  /**
   * The recorded exchange that answers a request, under any of the origins it may have been recorded at;
   * learns the ids the request holds in place of the recorded ones. Undefined (and counted as a miss) when none.
   */
  answer(
    origins: readonly string[],
    request: { method: string; path: string; body: Json },
    miss: ReplayMiss,
  ): CassetteExchange | undefined {
    const { method, path, body } = request;
    let found: Recording | undefined;
    for (const origin of origins) found ??= this.#match(origin, method, path, body);
    if (!found) {
      this.misses.push(miss);
      return undefined;
    }
    const learnt: Array<[string, string]> = [];
    pairs(found.body, body, learnt);
    pairs(segments(found.exchange.path), segments(path), learnt);
    for (const [recorded, now] of learnt) this.#ids.set(recorded, now);
    this.#notify(learnt, body);
    return found.exchange;
  }

  /** Writes the replay's ids in place of the recorded ones, value by value, so JSON stays JSON. */
  swap(value: Json): Json {
    if (typeof value === "string") {
      let out = value;
      for (const [recorded, now] of this.#ids)
        if (out.includes(recorded)) out = out.split(recorded).join(now);
      return out;
    }
    if (Array.isArray(value)) return value.map((v) => this.swap(v));
    if (value !== null && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value as Record<string, Json>).map(([k, v]) => [k, this.swap(v)]),
      );
    return value;
  }

  swapText(text: string, newId?: unknown): string {
    const parsed = parse(text);
    if (parsed === undefined || typeof parsed === "string") return this.swap(text) as string;
    const swapped = this.swap(parsed);
    // A JSON-RPC reply answers the new request's id, whatever its type.
    if (
      newId !== undefined &&
      swapped &&
      typeof swapped === "object" &&
      !Array.isArray(swapped) &&
      "id" in swapped
    )
      return JSON.stringify({ ...swapped, id: newId });
    return JSON.stringify(swapped);
  }

  /**
   * The agent's push notifications, replayed: once a request gives the replay's own webhook URL where the
   * recorded one was, what the agent sent to the recorded URL is sent to the new one, in order, shortly
   * after. The credentials the recording redacted are the ones this push config carries.
   */
  #notify(learnt: ReadonlyArray<[string, string]>, body: Json): void {
    for (const [recorded, now] of learnt) {
      const due = this.#webhooks.filter((w) => w.url === recorded);
      if (due.length === 0 || this.#notified.has(recorded)) continue;
      this.#notified.add(recorded);
      const token = findKey(body, "token");
      const auth = findKey(body, "authentication") as
        { schemes?: unknown; scheme?: unknown; credentials?: unknown } | undefined;
      const scheme: unknown = Array.isArray(auth?.schemes) ? (auth.schemes as unknown[])[0] : auth?.scheme;
      void (async () => {
        for (const hook of due) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(hook.headers)) {
            const lower = name.toLowerCase();
            if (value !== "[redacted]") headers[name] = value;
            else if (lower === "x-a2a-notification-token" && typeof token === "string") headers[name] = token;
            else if (lower === "authorization" && typeof auth?.credentials === "string")
              headers[name] = `${typeof scheme === "string" ? scheme : "Bearer"} ${auth.credentials}`;
          }
          await fetch(now, { method: "POST", headers, body: this.swapText(hook.body) }).catch(
            () => undefined,
          );
        }
      })();
    }
  }
}
