import { decodeProtectedHeader, type Decoded, type Jwk } from "./jws.js";
import type { KeySetResult } from "./key-set.js";
import type { PayloadForm } from "./signing-payload.js";
import { isObject } from "../model/json.js";

/** Cards rarely carry more than two (key rotation, A2A 1.0.1 §8.4.3); past this many the rest are not read. */
export const MAX_SIGNATURES = 10;

type JsonObject = Record<string, unknown>;

/** One entry of the card's `signatures` (AgentCardSignature, A2A 1.0.1 §4.4.7), as far as it could be read. */
export interface CardSignature {
  index: number;
  protectedB64: string;
  signatureB64: string;
  /** The JWS Unprotected Header (`header`), {} when absent. */
  unprotected: JsonObject;
  /** The decoded protected header, or why it cannot be read. */
  header: Decoded<JsonObject>;
  /** What is wrong with the entry's shape (protected/signature missing or not strings). */
  shapeProblem?: string;
}

export type CardSignatures =
  | { kind: "none" }
  | { kind: "malformed"; problem: string }
  | { kind: "present"; signatures: CardSignature[]; notes: string[] };

function readEntry(entry: unknown, index: number): CardSignature {
  const at = `signatures[${index}]`;
  const record = isObject(entry) ? entry : {};
  const protectedB64 = typeof record.protected === "string" ? record.protected : "";
  const signatureB64 = typeof record.signature === "string" ? record.signature : "";
  const unprotected = isObject(record.header) ? record.header : {};
  const missing = ["protected", "signature"].filter((k) => typeof record[k] !== "string");
  const shapeProblem = !isObject(entry)
    ? `${at} is not an object`
    : missing.length > 0
      ? `${at} has no string ${missing.join(" and no string ")}`
      : record.header !== undefined && !isObject(record.header)
        ? `${at}.header is not a JSON object`
        : undefined;
  const header: Decoded<JsonObject> =
    typeof record.protected === "string"
      ? decodeProtectedHeader(protectedB64)
      : { ok: false, problem: `${at} has no protected header` };
  return {
    index,
    protectedB64,
    signatureB64,
    unprotected,
    header,
    ...(shapeProblem ? { shapeProblem } : {}),
  };
}

/** The card's signatures; a card without the field (or with an empty list) has none: signing is optional. */
export function readCardSignatures(card: JsonObject): CardSignatures {
  const raw = card.signatures;
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) return { kind: "none" };
  if (!Array.isArray(raw)) return { kind: "malformed", problem: "signatures is not a list" };
  const notes =
    raw.length > MAX_SIGNATURES
      ? [`the card has ${raw.length} signatures; the first ${MAX_SIGNATURES} were read`]
      : [];
  return { kind: "present", signatures: raw.slice(0, MAX_SIGNATURES).map(readEntry), notes };
}

const stringParam = (h: JsonObject, name: string): string | undefined =>
  typeof h[name] === "string" && h[name] !== "" ? h[name] : undefined;

/** What the protected header lacks of A2A 1.0.1 §8.4.2's MUST list (`alg`, `kid`); [] when complete. */
export function missingHeaderParameters(sig: CardSignature): string[] {
  if (!sig.header.ok) return [sig.header.problem];
  const h = sig.header.value;
  const problems: string[] = [];
  for (const name of ["alg", "kid"])
    if (!stringParam(h, name))
      problems.push(
        name in sig.unprotected && !(name in h)
          ? `${name} is in the unprotected header, not the protected one`
          : `the protected header has no ${name}${name in h ? " string" : ""}`,
      );
  return problems;
}

/** What the header does that the spec only recommends against; notes, not failures. */
export function headerNotes(sig: CardSignature): string[] {
  if (!sig.header.ok) return [];
  const h = sig.header.value;
  const notes: string[] = [];
  if (h.typ !== "JOSE")
    notes.push(
      `typ is ${h.typ === undefined ? "missing" : JSON.stringify(h.typ)} (SHOULD be "JOSE", A2A 1.0.1 §8.4.2${h.typ === undefined ? "; the official JS SDK's verifier rejects a header without typ" : ""})`,
    );
  const jku = stringParam(h, "jku");
  if (jku && !jku.startsWith("https:"))
    notes.push(`jku ${jku} is not https (keys SHOULD come over secure channels, §8.4.3)`);
  const both = Object.keys(h).filter((k) => k in sig.unprotected);
  if (both.length > 0)
    notes.push(`${both.join(", ")} appear in both headers (RFC 7515 §7.2.1: they MUST be disjoint)`);
  return notes;
}

export type SignatureOutcome =
  | { kind: "verified"; form: PayloadForm; kid?: string }
  | { kind: "invalid"; reason: string }
  | { kind: "unverifiable"; reason: string };

export interface KeySource {
  /** Keys the user gave, tried before any `jku`. */
  keys: readonly Jwk[];
  /** Fetches a JWKS URL (src/card/key-set.ts); absent: keys come from `keys` only. */
  fetchKeySet?: (url: string) => Promise<KeySetResult>;
}

export interface SignatureCheck {
  outcome: SignatureOutcome;
  /** Where the key that decided came from: "the key given" or the jku URL. */
  keyFrom?: string;
  notes: string[];
  evidence: string[];
}
