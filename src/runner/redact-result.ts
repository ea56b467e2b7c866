import { Redactor } from "../net/redact.js";

/**
 * Replaces every secret value in every string of a finished result. Traffic is redacted as it is
 * recorded; this catches the rest (reasons, discovery outcomes, error messages that quote a URL).
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const redactor = new Redactor();
  const active = secrets.filter((s) => redactor.add(s));
  if (active.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redactor.text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
