/**
 * RFC 8785 JSON Canonicalization Scheme (JCS), which A2A 1.0.1 §8.4.1 requires before an Agent Card is
 * signed: object members sorted by the UTF-16 code units of their names (§3.2.3), numbers written as
 * ECMAScript writes them (§3.2.2.3), strings with the minimal JSON escapes (§3.2.2.2), no whitespace.
 */

/** A value JCS cannot represent (NaN, Infinity, a lone surrogate, a non-JSON type): named by its path. */
export class JcsError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`cannot canonicalize ${path || "the value"}: ${reason}`);
    this.name = "JcsError";
  }
}

// Parsed JSON is already bounded (src/net/json.ts, 256 levels); this guards values built in code.
const MAX_DEPTH = 512;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function canonicalString(text: string, path: string): string {
  // RFC 8785 §3.2.2.2 and I-JSON (RFC 7493 §2.1): strings must be valid Unicode.
  if (LONE_SURROGATE.test(text)) throw new JcsError(path, "a string holds a lone surrogate");
  // ECMAScript's JSON.stringify escapes exactly what §3.2.2.2 asks: " \ and controls, \u00xx in lower case.
  return JSON.stringify(text);
}

function canonicalNumber(value: number, path: string): string {
  if (!Number.isFinite(value)) throw new JcsError(path, `${value} is not a JSON number`);
  // §3.2.2.3: the ECMAScript Number-to-String algorithm, -0 written as 0.
  return JSON.stringify(value);
}

/** Sorts by UTF-16 code units (RFC 8785 §3.2.3), which is what a plain comparison of JS strings does. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function canonical(value: unknown, path: string, depth: number): string {
  if (depth > MAX_DEPTH) throw new JcsError(path, `nested deeper than ${MAX_DEPTH} levels`);
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") return canonicalNumber(value, path);
  if (typeof value === "string") return canonicalString(value, path);
  if (Array.isArray(value))
    return `[${value.map((item, i) => canonical(item, `${path}[${i}]`, depth + 1)).join(",")}]`;
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort(byCodeUnits)
      .map((key) => {
        const at = path ? `${path}.${key}` : key;
        return `${canonicalString(key, at)}:${canonical(record[key], at, depth + 1)}`;
      });
    return `{${members.join(",")}}`;
  }
  throw new JcsError(path, `a ${typeof value} is not JSON`);
}

/** The RFC 8785 canonical form of a JSON value; throws JcsError for what JSON cannot hold. */
export function canonicalJson(value: unknown): string {
  return canonical(value, "", 0);
}
