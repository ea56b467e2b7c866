import { MIN_SECRET_LENGTH } from "../model/limits.js";

/** Whether headers carry credentials by their names (Authorization, X-API-Key, a token...). */
export function credentialsIn(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((h) => /auth|key|token/i.test(h));
}

/** Headers that describe the request and never carry a secret: their values stay readable in results. */
const PUBLIC_HEADERS = new Set([
  "accept",
  "content-type",
  "user-agent",
  "a2a-version",
  "a2a-extensions",
  "x-a2a-extensions",
  "traceparent",
  "tracestate",
]);

/** A value to redact, and how the run names it when it is too short to redact reliably. */
export interface NamedSecret {
  value: string;
  name: string;
}

/**
 * The values to redact from a test's headers, whatever their names (a session cookie in `X-Bob-Session` is
 * as secret as a bearer token): each value, and its credential after a scheme word ("Bearer abc" → "abc"),
 * named by their header (`--bearer` is the Authorization header). A value too short to redact safely counts
 * only under a credential-like name, where the run warns about it by that name.
 */
export function headerSecrets(headers: Record<string, string>, whose = ""): NamedSecret[] {
  return Object.entries(headers).flatMap(([header, value]) => {
    if (PUBLIC_HEADERS.has(header.toLowerCase())) return [];
    if (value.trim().length < MIN_SECRET_LENGTH && !credentialsIn({ [header]: value })) return [];
    const name = `${whose}header ${header}`;
    // The credential after a scheme word is what leaks into text; too short, it is warned of by this name.
    const token = /^\s*\S+\s+(\S+)\s*$/.exec(value)?.[1];
    return [{ value, name }, ...(token ? [{ value: token, name }] : [])];
  });
}
