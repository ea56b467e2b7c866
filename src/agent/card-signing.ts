import { createHash, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from "node:crypto";
import type { AgentLayout, AgentProtocol, JsonObject, SignatureDefect } from "./types.js";

/**
 * The reference agent signs its card as A2A 1.0.1 §8.4 asks: default-valued fields omitted, `signatures`
 * excluded, RFC 8785 (JCS) canonical JSON, a JWS (ES256) whose protected header names alg, typ, kid and
 * the jku of the key set the agent serves. It is written here, apart from the tester's verifier
 * (src/card), so the two implementations check each other.
 */

/** Where the agent serves its JWK Set (RFC 7517 §5), under its base. */
export const JWKS_PATH = "/.well-known/jwks.json";

export interface CardSigner {
  /** The card with `signatures` added (for a flaw: signed the way the flaw gets it wrong). */
  sign(card: JsonObject): JsonObject;
  /** The public keys, as the JWKS body. */
  jwks(): { keys: JsonWebKey[] };
}

interface SigningKey {
  privateKey: KeyObject;
  jwk: JsonWebKey & { kid: string };
}

/** A fresh P-256 key; its kid is the RFC 7638 thumbprint of the public JWK. */
function newKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const pub = publicKey.export({ format: "jwk" });
  const thumbprint = createHash("sha256")
    .update(JSON.stringify({ crv: pub.crv, kty: pub.kty, x: pub.x, y: pub.y }))
    .digest("base64url");
  return { privateKey, jwk: { ...pub, kid: thumbprint, use: "sig", alg: "ES256" } };
}

/** RFC 8785 for the values a card holds: members sorted by UTF-16 code units, ECMAScript numbers. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value as JsonObject;
    const members = Object.keys(record)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`);
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value);
}

const isEmpty = (v: unknown) => v === "" || (Array.isArray(v) && v.length === 0);
const asObjects = (v: unknown): JsonObject[] =>
  Array.isArray(v) ? v.filter((x): x is JsonObject => typeof x === "object" && x !== null) : [];

function dropEmpty(message: JsonObject, fields: readonly string[]): void {
  for (const f of fields) if (isEmpty(message[f])) delete message[f];
}

function dropEmptyRequirements(requirements: unknown): void {
  for (const r of asObjects(requirements))
    if (typeof r.schemes === "object" && r.schemes !== null)
      for (const list of Object.values(r.schemes as JsonObject))
        if (typeof list === "object" && list !== null) dropEmpty(list as JsonObject, ["list"]);
}

/**
 * 1.0.1 §8.4.1 rule 1 for the fields this agent's 1.0 cards can hold at their default (a2a.proto: plain
 * repeated and string fields; REQUIRED and `optional` ones stay). 0.3 defines no such rule.
 */
function withoutDefaults(card: JsonObject, protocol: AgentProtocol): JsonObject {
  const copy = structuredClone(card);
  if (protocol === "0.3") return copy;
  dropEmpty(copy, ["securityRequirements"]);
  dropEmptyRequirements(copy.securityRequirements);
  for (const i of asObjects(copy.supportedInterfaces)) dropEmpty(i, ["tenant"]);
  if (typeof copy.capabilities === "object" && copy.capabilities !== null)
    dropEmpty(copy.capabilities as JsonObject, ["extensions"]);
  for (const s of asObjects(copy.skills)) {
    dropEmpty(s, ["examples", "inputModes", "outputModes", "securityRequirements"]);
    dropEmptyRequirements(s.securityRequirements);
  }
  return copy;
}

/** What a correct signature covers: JCS of the card without `signatures` and default-valued fields. */
export function signingPayload(card: JsonObject, protocol: AgentProtocol): string {
  const { signatures: _ignored, ...unsigned } = card;
  return canonicalJson(withoutDefaults(unsigned, protocol));
}

const b64 = (text: string | Buffer) => Buffer.from(text).toString("base64url");

function jws(key: SigningKey, payload: string, header: JsonObject): { protected: string; signature: string } {
  const protectedB64 = b64(JSON.stringify(header));
  const input = Buffer.from(`${protectedB64}.${b64(payload)}`, "ascii");
  const signature = sign("sha256", input, { key: key.privateKey, dsaEncoding: "ieee-p1363" });
  return { protected: protectedB64, signature: b64(signature) };
}

/** The signer of one agent: keys made at start, the jku under the agent's base. */
export function createCardSigner(layout: AgentLayout, defect?: SignatureDefect): CardSigner {
  const jku = `${layout.base}${JWKS_PATH}`;
  const keys = [newKey(), ...(defect === "covers-signatures" ? [newKey()] : [])];
  const header = (key: SigningKey): JsonObject => ({ alg: "ES256", typ: "JOSE", kid: key.jwk.kid, jku });
  const payload = (card: JsonObject) => signingPayload(card, layout.protocol);
  return {
    jwks: () => ({ keys: keys.map((k) => k.jwk) }),
    sign: (card) => {
      const [first, second] = keys as [SigningKey, SigningKey | undefined];
      if (defect === "not-canonical") {
        const { signatures: _ignored, ...unsigned } = card;
        return { ...card, signatures: [jws(first, JSON.stringify(unsigned), header(first))] };
      }
      if (defect === "kid-unprotected") {
        const { kid, ...rest } = header(first);
        return { ...card, signatures: [{ ...jws(first, payload(card), rest), header: { kid } }] };
      }
      const signed = { ...card, signatures: [jws(first, payload(card), header(first))] };
      if (!second) return signed;
      // Key rotation done wrong: the second signer signs the card with the first signature still in it.
      const circular = canonicalJson(withoutDefaults(signed, layout.protocol));
      return { ...card, signatures: [...signed.signatures, jws(second, circular, header(second))] };
    },
  };
}
