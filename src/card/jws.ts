import { constants, createPublicKey, verify as cryptoVerify, type KeyObject } from "node:crypto";

/**
 * The parts of JWS (RFC 7515) and JWA (RFC 7518) an Agent Card signature needs: base64url, the
 * protected header, public keys from JWKs, and verification with node:crypto. Hostile input never
 * throws out of here: every function returns the problem as text.
 */

/** A protected header longer than this is refused unread (real ones are a few hundred characters). */
export const MAX_PROTECTED_CHARS = 8 * 1024;
/** A signature longer than this is refused (RSA-8192 is 1,366 base64url characters). */
export const MAX_SIGNATURE_CHARS = 4 * 1024;

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export type Decoded<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Strict base64url (RFC 7515 §2: no padding, no line breaks, no other alphabet). */
export function decodeBase64url(text: string, what: string): Decoded<Buffer> {
  if (!BASE64URL.test(text)) {
    const bad = [...text].find((c) => !/[A-Za-z0-9_-]/.test(c)) ?? "";
    return { ok: false, problem: `${what} is not base64url (it contains ${JSON.stringify(bad)})` };
  }
  if (text.length % 4 === 1) return { ok: false, problem: `${what} has a base64url length no bytes give` };
  return { ok: true, value: Buffer.from(text, "base64url") };
}

export const encodeBase64url = (bytes: Buffer | string): string => Buffer.from(bytes).toString("base64url");

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The JWS Protected Header: base64url of a UTF-8 JSON object (RFC 7515 §7.2.1). */
export function decodeProtectedHeader(protectedB64: string): Decoded<Record<string, unknown>> {
  if (protectedB64.length > MAX_PROTECTED_CHARS)
    return {
      ok: false,
      problem: `the protected header is ${protectedB64.length} characters (over ${MAX_PROTECTED_CHARS})`,
    };
  if (protectedB64 === "") return { ok: false, problem: "the protected header is empty" };
  const bytes = decodeBase64url(protectedB64, "the protected header");
  if (!bytes.ok) return bytes;
  let text: string;
  try {
    text = utf8.decode(bytes.value);
  } catch {
    return { ok: false, problem: "the protected header is not UTF-8" };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: `the protected header is not JSON: ${JSON.stringify(text.slice(0, 80))}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, problem: "the protected header is JSON but not an object" };
  return { ok: true, value: value as Record<string, unknown> };
}

interface Algorithm {
  /** node:crypto digest name; null for EdDSA. */
  hash: string | null;
  family: "ec" | "rsa" | "rsa-pss" | "okp";
  /** EC curve (node's name) or the OKP key types allowed. */
  curves?: readonly string[];
  /** ECDSA signature length (r || s, RFC 7518 §3.4). */
  ecBytes?: number;
  pssSalt?: number;
}

/** The asymmetric JWA algorithms (RFC 7518 §3.1; EdDSA: RFC 8037; Ed25519: RFC 9864). */
const algorithms: Readonly<Record<string, Algorithm>> = {
  ES256: { hash: "sha256", family: "ec", curves: ["prime256v1"], ecBytes: 64 },
  ES384: { hash: "sha384", family: "ec", curves: ["secp384r1"], ecBytes: 96 },
  ES512: { hash: "sha512", family: "ec", curves: ["secp521r1"], ecBytes: 132 },
  RS256: { hash: "sha256", family: "rsa" },
  RS384: { hash: "sha384", family: "rsa" },
  RS512: { hash: "sha512", family: "rsa" },
  PS256: { hash: "sha256", family: "rsa-pss", pssSalt: 32 },
  PS384: { hash: "sha384", family: "rsa-pss", pssSalt: 48 },
  PS512: { hash: "sha512", family: "rsa-pss", pssSalt: 64 },
  EdDSA: { hash: null, family: "okp", curves: ["ed25519", "ed448"] },
  Ed25519: { hash: null, family: "okp", curves: ["ed25519"] },
};

export const supportedAlgorithms: readonly string[] = Object.keys(algorithms);

/** Why `alg` cannot be verified with a public key, or undefined when it can. */
export function unsupportedAlgorithm(alg: string): string | undefined {
  if (algorithms[alg]) return undefined;
  if (alg === "none") return 'alg "none" is an unsecured JWS, not a signature (RFC 7518 §3.6)';
  if (/^HS(256|384|512)$/.test(alg))
    return `alg ${alg} is an HMAC: its key is a shared secret no client can be given`;
  return `alg ${JSON.stringify(alg.slice(0, 40))} is not one Plainwright verifies (${supportedAlgorithms.join(", ")})`;
}

/**
 * A JWK as JWKS documents carry it (RFC 7517 §4); other members pass through to node:crypto. Its schema
 * lives with the key-set reader (key-set.ts), so checking a signature does not load the schema library.
 */
export interface Jwk {
  kty: string;
  kid?: string | undefined;
  alg?: string | undefined;
  use?: string | undefined;
  crv?: string | undefined;
  [member: string]: unknown;
}

const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"] as const;

/** A public key from a JWK; a JWK that carries private members is still read, and says so. */
export function importJwk(jwk: Jwk): Decoded<{ key: KeyObject; privateMembers: string[] }> {
  const privateMembers = PRIVATE_MEMBERS.filter((m) => m in jwk);
  if (jwk.kty === "oct") return { ok: false, problem: "the JWK is a symmetric (oct) key" };
  const publicPart = Object.fromEntries(
    Object.entries(jwk).filter(([k]) => !privateMembers.includes(k as never)),
  );
  try {
    const key = createPublicKey({ key: publicPart as import("node:crypto").JsonWebKey, format: "jwk" });
    return { ok: true, value: { key, privateMembers } };
  } catch (error) {
    return {
      ok: false,
      problem: `the JWK (kty ${jwk.kty}) is not a usable public key: ${(error as Error).message}`,
    };
  }
}

/** Why `key` does not fit `alg` (RFC 7518 §3.3 asks RSA keys of 2048 bits or more), or undefined. */
function keyMismatch(alg: string, spec: Algorithm, key: KeyObject): string | undefined {
  const type = key.asymmetricKeyType ?? "unknown";
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (spec.family === "ec" && (type !== "ec" || !spec.curves?.includes(curve ?? "")))
    return `alg ${alg} needs an EC key on ${spec.curves?.join("/")}, the key is ${type}${curve ? ` ${curve}` : ""}`;
  if (spec.family === "okp" && !spec.curves?.includes(type))
    return `alg ${alg} needs an ${spec.curves?.join(" or ")} key, the key is ${type}`;
  if (spec.family === "rsa" || spec.family === "rsa-pss") {
    if (type !== "rsa" && type !== "rsa-pss") return `alg ${alg} needs an RSA key, the key is ${type}`;
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < 2048)
      return `alg ${alg} needs an RSA key of 2048 bits or more (RFC 7518 §3.3), the key has ${bits}`;
  }
  return undefined;
}

/** Checks a JWS signature over `signingInput`; `ok: true, value: false` is a signature that does not match. */
export function verifyJws(
  alg: string,
  key: KeyObject,
  signingInput: Buffer,
  signature: Buffer,
): Decoded<boolean> {
  const spec = algorithms[alg];
  const unsupported = unsupportedAlgorithm(alg);
  if (!spec || unsupported) return { ok: false, problem: unsupported ?? `alg ${alg} is unknown` };
  const mismatch = keyMismatch(alg, spec, key);
  if (mismatch) return { ok: false, problem: mismatch };
  if (spec.ecBytes !== undefined && signature.length !== spec.ecBytes) return { ok: true, value: false };
  try {
    if (spec.family === "okp") return { ok: true, value: cryptoVerify(null, signingInput, key, signature) };
    if (spec.family === "ec")
      return {
        ok: true,
        value: cryptoVerify(spec.hash, signingInput, { key, dsaEncoding: "ieee-p1363" }, signature),
      };
    const pss =
      spec.pssSalt !== undefined
        ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: spec.pssSalt }
        : {};
    return { ok: true, value: cryptoVerify(spec.hash, signingInput, { key, ...pss }, signature) };
  } catch (error) {
    return { ok: false, problem: `node:crypto could not check the signature: ${(error as Error).message}` };
  }
}

/** The JWS Signing Input: ASCII(BASE64URL(protected) || '.' || BASE64URL(payload)) (RFC 7515 §5.1). */
export const signingInput = (protectedB64: string, payload: string): Buffer =>
  Buffer.from(`${protectedB64}.${encodeBase64url(payload)}`, "ascii");
