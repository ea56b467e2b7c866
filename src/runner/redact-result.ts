import { Redactor } from "../net/redact.js";

/**
 * Replaces every secret value in every string of a finished result. Traffic is redacted as it is
 * recorded; this catches the rest (reasons, discovery outcomes, error messages that quote a URL).
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const redactor = new Redactor();
  for (const secret of secrets) redactor.add(secret);
  // url() also strips the userinfo of every URL (agent_url, reasons), secrets or not.
  return redactStrings(value, (text) => redactor.url(text));
}

/** A copy of a JSON value with `redact` applied to every string in it. */
export function redactStrings<T>(value: T, redact: (text: string) => string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
