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

/** Whether a header's value is a credential by its name alone (DESIGN.md section 4: secrets never appear). */
export function isSensitiveHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    SENSITIVE_HEADERS.has(lower) ||
    lower.includes("token") ||
    lower.includes("secret") ||
    lower.includes("key") ||
    lower.includes("auth")
  );
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

/** Replaces registered secret values, in the forms they take inside URLs and JSON, and known credentials. */
export class Redactor {
  /** Every form of every secret, longest first so a secret containing another is removed whole. */
  #needles: string[] = [];
  readonly #secrets = new Set<string>();

  /** Registers a secret; values shorter than 3 characters are ignored (they would redact ordinary text). */
  add(value: string): boolean {
    if (value.length < 3 || this.#secrets.has(value)) return false;
    this.#secrets.add(value);
    const forms = new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]);
    forms.add(new URLSearchParams({ v: value }).toString().slice(2));
    this.#needles = [...new Set([...this.#needles, ...forms])].sort((a, b) => b.length - a.length);
    return true;
  }

  /** The longest form a secret can take, so callers capping text can keep enough to redact it whole. */
  get longest(): number {
    return this.#needles[0]?.length ?? 0;
  }

  /** `text` with every registered secret replaced. */
  text(text: string): string {
    let out = text;
    for (const needle of this.#needles) {
      if (out.includes(needle)) out = out.split(needle).join(REDACTED);
    }
    return out;
  }

  /**
   * A URL with secrets, the userinfo password and credential-named query parameters replaced; also
   * safe on a sentence that contains a URL, since values stop at whitespace.
   */
  url(url: string): string {
    const withoutPassword = url.replace(
      /\b([a-z][a-z0-9+.-]*:\/\/[^/?#@:\s]*):[^/?#@\s]*@/gi,
      `$1:${REDACTED}@`,
    );
    const withoutParams = withoutPassword.replace(
      /([?&])([^=&#\s]*)=([^&#\s]*?)(?=:?(?:[&#\s]|$))/g,
      (whole, sep: string, name: string) =>
        isSensitiveParam(paramName(name)) ? `${sep}${name}=${REDACTED}` : whole,
    );
    return this.text(withoutParams);
  }

  /** Headers with credential-named values and secrets replaced. */
  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      out[name] = isSensitiveHeader(name) ? REDACTED : this.text(value);
    }
    return out;
  }
}
