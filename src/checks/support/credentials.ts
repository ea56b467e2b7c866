import { randomUUID } from "node:crypto";
import type { NormalizedCard } from "../../card/types.js";

/** Headers and query parameters to send, as the ClientContext carries them. */
export interface Credentials {
  headers: Record<string, string>;
  query: Record<string, string>;
}

const ALWAYS_CREDENTIALS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "x-api-key",
  "api-key",
]);

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * The names the card's apiKey schemes put credentials in, by location (0.x `in`, 1.0 `location`,
 * A2A 1.0 §4.4 SecurityScheme); lower-case for headers.
 */
function apiKeyNames(card: NormalizedCard): { header: Set<string>; query: Set<string> } {
  const names = { header: new Set<string>(), query: new Set<string>() };
  for (const raw of Object.values(card.securitySchemes)) {
    const scheme = record(raw);
    const wrapped = record(scheme.apiKeySecurityScheme);
    const apiKey = scheme.type === "apiKey" ? scheme : Object.keys(wrapped).length > 0 ? wrapped : undefined;
    if (!apiKey || typeof apiKey.name !== "string") continue;
    const stated = apiKey.in ?? apiKey.location;
    const where = typeof stated === "string" ? stated.toLowerCase() : "header";
    if (where === "query") names.query.add(apiKey.name);
    else if (where === "header") names.header.add(apiKey.name.toLowerCase());
  }
  return names;
}

// Header names that suggest a credential though no card declares them (X-Tenant-Token, X-Session-Id, ...):
// a probe "without credentials" that kept one would be answered as authenticated, a false finding.
const CREDENTIAL_LIKE = /auth|key|token|secret|session|cookie|password|signature/i;

/** The run's headers and query without anything that could be a credential (A2A: auth at the HTTP layer). */
export function withoutCredentials(card: NormalizedCard, given: Credentials): Credentials {
  const names = apiKeyNames(card);
  const isCredential = (name: string) =>
    ALWAYS_CREDENTIALS.has(name.toLowerCase()) ||
    names.header.has(name.toLowerCase()) ||
    CREDENTIAL_LIKE.test(name);
  return {
    headers: Object.fromEntries(Object.entries(given.headers).filter(([name]) => !isCredential(name))),
    query: Object.fromEntries(Object.entries(given.query).filter(([name]) => !names.query.has(name))),
  };
}

/**
 * The run's headers and query with every credential replaced by a value no agent can have issued; when
 * the run has none, a made-up bearer token (and made-up API keys where the card names them).
 */
export function withWrongCredentials(card: NormalizedCard, given: Credentials): Credentials {
  const bogus = `plainwright-wrong-${randomUUID()}`;
  const stripped = withoutCredentials(card, given);
  const names = apiKeyNames(card);
  const headers: Record<string, string> = { ...stripped.headers };
  const has = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
  for (const [name, value] of Object.entries(given.headers)) {
    if (name in stripped.headers) continue;
    const scheme = /^\s*(\S+)\s+\S/.exec(value)?.[1];
    headers[name] = name.toLowerCase() === "authorization" && scheme ? `${scheme} ${bogus}` : bogus;
  }
  for (const name of names.header) if (!has(name)) headers[name] = bogus;
  if (!has("authorization")) headers.Authorization = `Bearer ${bogus}`;
  const query = { ...stripped.query };
  for (const name of names.query) query[name] = bogus;
  return { headers, query };
}
