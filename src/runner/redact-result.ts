import { Redactor } from "../net/redact.js";

/**
 * Replaces every secret value in every string of a finished result. Traffic is redacted as it is
 * recorded; this catches the rest (reasons, discovery outcomes, error messages that quote a URL).
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const redactor = new Redactor();
  const active = secrets.filter((s) => redactor.add(s));
  if (active.length === 0) return value;
  return redactStrings(value, (text) => redactor.text(text));
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
