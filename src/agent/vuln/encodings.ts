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
