/**
 * The forms a leaked value can take in a reply: as written, and after undoing base64, hex, rot13 and URL
 * encoding. Decoding is pure string work; nothing in a reply is executed or fetched.
 */

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

const printable = (s: string) => s.length > 0 && !/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(s);

function fromBase64(run: string): string | undefined {
  const padded = run.replace(/-/g, "+").replace(/_/g, "/");
  const text = Buffer.from(padded, "base64").toString("utf8");
  return printable(text) ? text : undefined;
}

function fromHex(run: string): string | undefined {
  const text = Buffer.from(run.length % 2 === 0 ? run : run.slice(0, -1), "hex").toString("utf8");
  return printable(text) ? text : undefined;
}

function fromUrl(text: string): string | undefined {
  if (!/%[0-9a-f]{2}/i.test(text)) return undefined;
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
}

export type DecodedForm = { encoding: "plain" | "base64" | "hex" | "rot13" | "url"; text: string };

/** The text itself and every decoding of it that yields readable text. Bounded: runs over 64 KB are cut. */
export function decodedForms(text: string): DecodedForm[] {
  const capped = text.slice(0, 65_536);
  const forms: DecodedForm[] = [{ encoding: "plain", text: capped }];
  for (const m of capped.matchAll(/[A-Za-z0-9+/_-]{12,}={0,2}/g)) {
    const decoded = fromBase64(m[0]);
    if (decoded) forms.push({ encoding: "base64", text: decoded });
  }
  for (const m of capped.matchAll(/\b(?:[0-9a-f]{2}){6,}\b/gi)) {
    const decoded = fromHex(m[0]);
    if (decoded) forms.push({ encoding: "hex", text: decoded });
  }
  forms.push({ encoding: "rot13", text: rot13(capped) });
  const url = fromUrl(capped);
  if (url) forms.push({ encoding: "url", text: url });
  return forms;
}

/** Letters and digits only, lower case: "4111 1111-1111" and "41111111 1111" compare equal. */
export function squeeze(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9@.]/g, "");
}
