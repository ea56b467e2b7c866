/** The encodings an attacker asks for; the vulnerable modes answer in them. */
export type Encoding = "base64" | "hex" | "rot13" | "url";

export function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** The encoding a message asks for, if any. */
export function askedEncoding(text: string): Encoding | undefined {
  const lower = text.toLowerCase();
  if (lower.includes("base64")) return "base64";
  if (/\bhex\b|hexadecimal/.test(lower)) return "hex";
  if (lower.includes("rot13")) return "rot13";
  if (/url[- ]encod/.test(lower)) return "url";
  return undefined;
}

export function encode(text: string, encoding: Encoding | undefined): string {
  switch (encoding) {
    case "base64":
      return Buffer.from(text, "utf8").toString("base64");
    case "hex":
      return Buffer.from(text, "utf8").toString("hex");
    case "rot13":
      return rot13(text);
    case "url":
      return encodeURIComponent(text);
    default:
      return text;
  }
}

/** Base64 runs in a message, decoded, so an encoded request is read like a plain one. */
export function decodedBase64(text: string): string[] {
  return [...text.matchAll(/[A-Za-z0-9+/]{16,}={0,2}/g)].map((m) =>
    Buffer.from(m[0], "base64").toString("utf8"),
  );
}

/** Digits read as the letters they stand for in leetspeak ("r4n50mw4r3"). */
const LEET: Record<string, string> = { "4": "a", "3": "e", "1": "i", "0": "o", "5": "s", "7": "t" };

/**
 * Words in leetspeak read as words: only a word of letters and those digits, with at least one of each,
 * shorter than a base64 payload (so codes, numbers and encoded blobs keep their digits).
 */
export function unleet(text: string): string {
  // Whole whitespace-separated words only: a code such as `pw-3a4f01be` is one word and keeps its digits.
  return text.replace(/\S+/g, (chunk) => {
    const word = /^([("'`]*)([A-Za-z013457']+)([)"'`.,:;!?]*)$/.exec(chunk);
    const core = word?.[2];
    if (!word || !core || core.length >= 16 || !/[A-Za-z]/.test(core) || !/[013457]/.test(core)) return chunk;
    return `${word[1]}${core.replace(/[013457]/g, (d) => LEET[d] ?? d)}${word[3]}`;
  });
}

/** Cyrillic look-alikes of Latin letters, as attackers use them to slip words past filters. */
const CONFUSABLES: Record<string, string> = {
  "\u0430": "a",
  "\u0435": "e",
  "\u043e": "o",
  "\u0441": "c",
  "\u0440": "p",
  "\u0445": "x",
  "\u0443": "y",
  "\u0456": "i",
};

/**
 * A message as a careful reader sees it: zero-width characters removed, invisible Unicode tag characters
 * (U+E0020–E007E) read as the ASCII they copy, look-alike letters mapped to Latin, compatibility forms folded,
 * leetspeak words read as words.
 */
export function readable(text: string): string {
  const tags = [...text]
    .map((c) => c.codePointAt(0) ?? 0)
    .filter((p) => p >= 0xe0020 && p <= 0xe007e)
    .map((p) => String.fromCharCode(p - 0xe0000))
    .join("");
  const visible = [...text.normalize("NFKC")]
    .filter((c) => !/[\u200b-\u200d\u2060\ufeff]/.test(c))
    .filter((c) => {
      const p = c.codePointAt(0) ?? 0;
      return p < 0xe0000 || p > 0xe007f;
    })
    .map((c) => CONFUSABLES[c] ?? c)
    .join("");
  const words = unleet(visible);
  return tags ? `${words}\n${tags}` : words;
}
