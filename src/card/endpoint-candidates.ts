/**
 * Where else a JSON-RPC endpoint may be when the one the card names (or the agent URL Plainwright falls back
 * on) answers nothing A2A: URLs the card gives under fields of its own, then the paths agents commonly
 * serve. Plainwright tries them in this order rather than ask the user for an --endpoint it can find itself.
 */
import { isObject } from "../model/json.js";
import { isHttpUrl } from "./rules/read.js";
import { resolveAgainstCard, rewriteLoopback } from "./endpoint.js";

// Field names under which cards seen in the wild put their JSON-RPC endpoint (`endpoints.jsonrpc`,
// `jsonrpcUrl`, `a2aEndpoint`, ...). The spec's own fields (url, supportedInterfaces, additionalInterfaces)
// are read by the endpoint choice itself; documentation, icon and provider URLs are never endpoints.
const HINT_KEY = /json-?rpc|rpc|a2a|endpoint/i;
const NEVER = /doc|icon|provider|image|logo|terms|privacy|jwks|well-?known|card/i;

// Paths A2A servers commonly mount their JSON-RPC handler on, tried on the agent's own base and origin.
const COMMON_PATHS = [
  "a2a",
  "a2a/jsonrpc",
  "a2a/json-rpc",
  "a2a/v1",
  "jsonrpc",
  "json-rpc",
  "rpc",
  "api/a2a",
  "v1/a2a",
];

/** At most this many places are tried: each wrong one costs one request. */
export const MAX_CANDIDATES = 16;

// Fields the endpoint choice reads itself, or that hold no endpoint of the agent's own.
const SKIPPED = new Set(["url", "supportedInterfaces", "additionalInterfaces", "skills", "securitySchemes"]);

/** String values, two levels deep at most, whose dotted path names an endpoint (`endpoints.jsonrpc`). */
function hintsIn(value: unknown, path: string, depth: number, out: string[]): void {
  if (depth > 2 || !isObject(value)) return;
  for (const [key, entry] of Object.entries(value)) {
    if ((depth === 0 && SKIPPED.has(key)) || NEVER.test(key)) continue;
    const here = path ? `${path}.${key}` : key;
    if (typeof entry === "string" && HINT_KEY.test(here)) out.push(entry);
    else hintsIn(entry, here, depth + 1, out);
  }
}

function baseOf(url: string): { origin: string; folder: string } | undefined {
  try {
    const parsed = new URL(url);
    const wellKnown = parsed.pathname.indexOf("/.well-known/");
    const path =
      wellKnown >= 0 ? parsed.pathname.slice(0, wellKnown + 1) : parsed.pathname.replace(/[^/]*$/, "");
    return { origin: parsed.origin, folder: `${parsed.origin}${path}` };
  } catch {
    return undefined;
  }
}

/**
 * The places to try, best first, without `tried` itself: the card's own endpoint-like fields (resolved
 * against the card's URL, loopback rewritten), then the common paths under the agent URL's folder and origin.
 */
export function endpointCandidates(
  rawCard: unknown,
  agentUrl: string,
  cardUrl: string | undefined,
  tried: string,
): string[] {
  const hints: string[] = [];
  hintsIn(rawCard, "", 0, hints);
  const fromCard = hints
    .map((h) => h.trim())
    .filter((h) => /^https?:\/\/\S+$/i.test(h) || /^\/\S*$/.test(h))
    .map((h) => resolveAgainstCard(h, cardUrl))
    .filter(isHttpUrl)
    .map((h) => rewriteLoopback(h, agentUrl).url);
  const bases = [baseOf(agentUrl), cardUrl ? baseOf(cardUrl) : undefined].filter((b) => b !== undefined);
  const roots = [...new Set(bases.flatMap((b) => [b.folder, `${b.origin}/`]))];
  const common = roots.flatMap((root) => COMMON_PATHS.map((p) => `${root}${p}`));
  const seen = new Set([key(tried)]);
  const out: string[] = [];
  for (const url of [...fromCard, ...roots, ...common]) {
    if (seen.has(key(url))) continue;
    seen.add(key(url));
    out.push(url);
  }
  return out.slice(0, MAX_CANDIDATES);
}

// "http://h/a2a" and "http://h/a2a/" are one place to a server that mounts a handler on /a2a.
function key(url: string): string {
  return url.replace(/\/+$/, "");
}
