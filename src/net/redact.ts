import { MIN_SECRET_LENGTH } from "../model/limits.js";
/** What replaces a secret or a credential wherever Plainwright records traffic. */
export const REDACTED = "[redacted]";

const SENSITIVE_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "api-key",
]);

/** Header names already judged: every response of a run carries the same few. */
const judgedHeaders = new Map<string, boolean>();
const JUDGED_HEADERS_MAX = 1024;

/** Whether a header's value is a credential by its name alone (docs/test-files.md: secrets never appear). */
export function isSensitiveHeader(name: string): boolean {
  const known = judgedHeaders.get(name);
  if (known !== undefined) return known;
  const lower = name.toLowerCase();
  const sensitive =
    SENSITIVE_HEADERS.has(lower) ||
    lower.includes("token") ||
    lower.includes("secret") ||
    lower.includes("key") ||
    lower.includes("auth");
  if (judgedHeaders.size >= JUDGED_HEADERS_MAX) judgedHeaders.clear();
  judgedHeaders.set(name, sensitive);
  return sensitive;
}

/** Whether any header of `headers` is a credential by its name (a loop: no array of names per response). */
function hasSensitiveHeader(headers: Record<string, string>): boolean {
  for (const name in headers) if (isSensitiveHeader(name)) return true;
  return false;
}

/** Whether a query parameter's value is a credential by its name alone (api_key, token, access_token...). */
export function isSensitiveParam(name: string): boolean {
  const lower = name.toLowerCase().replace(/-/g, "_");
  return (
    lower.includes("token") ||
    lower.includes("secret") ||
    lower.includes("password") ||
    lower.endsWith("key") ||
    lower === "auth" ||
    lower === "sig" ||
    lower === "signature"
  );
}

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}

/**
 * The shortest secret a user may register: redaction matches any length, but a shorter
 * value would also erase ordinary text, so the places that take secrets refuse it with this rule.
 */

/** Why `value` cannot be a secret, or undefined; `name` says which one. */
export function secretLengthProblem(name: string, value: string): string | undefined {
  return value.length >= MIN_SECRET_LENGTH
    ? undefined
    : `secret ${name} has ${value.length} characters; a secret needs at least ${MIN_SECRET_LENGTH}, so that redacting it cannot miss it or erase ordinary text`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Replaces registered secret values, in the forms they take inside URLs and JSON, and known credentials. */
export class Redactor {
  /** Every form of every secret, longest first so a secret containing another is removed whole. */
  #needles: string[] = [];
  #pattern: RegExp | undefined;
  readonly #secrets = new Set<string>();
  /** The last URL redacted and its result: a run sends to the same few URLs over and over. */
  #lastUrl: [string, string] | undefined;

  /**
   * Registers a secret of at least MIN_SECRET_LENGTH characters. Matching ignores case: a secret can land where case does not
   * count and is folded (a URL's host is lower-cased, RFC 3986 §3.2.2; header names; hex digests).
   */
  add(value: string): boolean {
    // A value this short would also erase ordinary text ("x" inside "contextId"): it is not matched as
    // text; headers that carry credentials are still redacted by their name (isCredentialHeader).
    if (value.length < MIN_SECRET_LENGTH || this.#secrets.has(value)) return false;
    this.#secrets.add(value);
    const forms = new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]);
    forms.add(new URLSearchParams({ v: value }).toString().slice(2));
    this.#needles = [...new Set([...this.#needles, ...forms])].sort((a, b) => b.length - a.length);
    this.#pattern = new RegExp(this.#needles.map(escapeRegExp).join("|"), "gi");
    this.#lastUrl = undefined;
    return true;
  }

  /** The longest form a secret can take, so callers capping text can keep enough to redact it whole. */
  get longest(): number {
    return this.#needles[0]?.length ?? 0;
  }

  /** `text` with every registered secret replaced. */
  text(text: string): string {
    return this.#pattern ? text.replace(this.#pattern, REDACTED) : text;
  }

  /**
   * A URL with secrets, the whole userinfo (user and password) and credential-named query parameters
   * replaced; also safe on a sentence that contains URLs, since values stop at whitespace.
   */
  url(url: string): string {
    if (this.#lastUrl?.[0] === url) return this.#lastUrl[1];
    const redacted = this.#redactUrl(url);
    this.#lastUrl = [url, redacted];
    return redacted;
  }

  #redactUrl(url: string): string {
    const withoutPassword = url.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/gi, `$1${REDACTED}@`);
    // Query parameters are judged inside URLs only: a JSON body that holds a "?" and, later, a
    // "…Token":"…=" (a page token) is no query string and must come through whole.
    const withoutParams = withoutPassword.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]*/gi, (inUrl) =>
      inUrl.replace(/([?&])([^=&#\s]*)=([^&#\s]*?)(?=:?(?:[&#\s]|$))/g, (whole, sep: string, name: string) =>
        isSensitiveParam(paramName(name)) ? `${sep}${name}=${REDACTED}` : whole,
      ),
    );
    return this.text(withoutParams);
  }

  /**
   * Headers with credential-named values and secrets replaced. With no secret registered and no
   * credential among them, that is the headers as given: no copy is made (nothing changes a recorded
   * header set in place).
   */
  headers(headers: Record<string, string>): Record<string, string> {
    if (!this.#pattern && !hasSensitiveHeader(headers)) return headers;
    const out: Record<string, string> = {};
    for (const name in headers) {
      out[name] = isSensitiveHeader(name) ? REDACTED : this.text(headers[name] as string);
    }
    return out;
  }
}
