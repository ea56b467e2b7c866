import type { KeyObject } from "node:crypto";
import type { ProtocolGeneration } from "../model/generation.js";
import { canonicalJson, JcsError } from "./jcs.js";
import {
  decodeBase64url,
  importJwk,
  MAX_SIGNATURE_CHARS,
  signingInput,
  unsupportedAlgorithm,
  verifyJws,
} from "./jws.js";
import type { Jwk } from "./jws.js";
import type { CardSignature, KeySource, SignatureCheck, SignatureOutcome } from "./signature.js";
import { signingPayloads, withoutDefaultValues, type SigningPayload } from "./signing-payload.js";

type JsonObject = Record<string, unknown>;

/** Keys tried per signature (a kid normally names one). */
export const MAX_KEYS_TRIED = 5;

const param = (sig: CardSignature, name: string): string | undefined => {
  // RFC 7515 §7.2.1: the header is the union of the protected and unprotected members.
  const value = sig.header.ok && name in sig.header.value ? sig.header.value[name] : sig.unprotected[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};

const unverifiable = (reason: string, evidence: string[] = [], notes: string[] = []): SignatureCheck => ({
  outcome: { kind: "unverifiable", reason },
  notes,
  evidence,
});

/** The keys a signature may be checked with: the user's first, else its `jku` (kid matched when given). */
async function candidateKeys(
  sig: CardSignature,
  source: KeySource,
): Promise<
  { keys: Jwk[]; from: string; notes: string[]; evidence: string[] } | { problem: string; evidence: string[] }
> {
  const kid = param(sig, "kid");
  // The key its kid names; failing that, keys that name no kid (a PEM the user gave has none).
  const pick = (keys: readonly Jwk[]) => {
    if (!kid) return [...keys];
    const named = keys.filter((k) => k.kid === kid);
    return named.length > 0 ? named : keys.filter((k) => k.kid === undefined);
  };
  // A hostile key set cannot make every signature cost a hundred verifications.
  const usable = (keys: Jwk[]) => keys.filter((k) => k.use !== "enc").slice(0, MAX_KEYS_TRIED);
  const given = usable(pick(source.keys));
  if (given.length > 0) return { keys: given, from: "the key given", notes: [], evidence: [] };
  const jku = sig.header.ok && typeof sig.header.value.jku === "string" ? sig.header.value.jku : undefined;
  const named = kid ? `kid ${JSON.stringify(kid)}` : "no kid";
  if (!jku)
    return {
      problem: `no key for ${named}: the protected header names no jku${source.keys.length > 0 ? " and no key given matches" : ", and no key was given"}`,
      evidence: [],
    };
  if (!source.fetchKeySet)
    return { problem: `no key for ${named}: fetching jku ${jku} is off`, evidence: [] };
  const set = await source.fetchKeySet(jku);
  if (!set.ok)
    return { problem: `the key set at jku could not be read: ${set.problem}`, evidence: set.evidence };
  const keys = usable(pick(set.keys));
  if (keys.length === 0)
    return { problem: `the key set at ${jku} has no signing key with ${named}`, evidence: set.evidence };
  return { keys, from: jku, notes: set.notes, evidence: set.evidence };
}

function importKeys(
  keys: readonly Jwk[],
  from: string,
): { keys: KeyObject[]; problems: string[]; notes: string[] } {
  const out: KeyObject[] = [];
  const problems: string[] = [];
  const notes: string[] = [];
  for (const jwk of keys) {
    const imported = importJwk(jwk);
    if (!imported.ok) problems.push(imported.problem);
    else {
      out.push(imported.value.key);
      if (imported.value.privateMembers.length > 0)
        notes.push(
          `the key ${jwk.kid ?? ""} at ${from} publishes private members (${imported.value.privateMembers.join(", ")})`,
        );
    }
  }
  return { keys: out, problems, notes };
}

/** The first payload a key verifies the signature over; a key that cannot be used returns its problem. */
function firstMatch(
  alg: string,
  keys: readonly KeyObject[],
  sig: CardSignature,
  signature: Buffer,
  payloads: readonly SigningPayload[],
): { match?: SigningPayload; problem?: string } {
  let problem: string | undefined;
  for (const key of keys)
    for (const payload of payloads) {
      const verified = verifyJws(alg, key, signingInput(sig.protectedB64, payload.text), signature);
      if (!verified.ok) problem = verified.problem;
      else if (verified.value) return { match: payload };
    }
  return problem ? { problem } : {};
}

/** Payloads a wrong signer commonly signs, to say which §8.4.1 rule a failing signature broke. */
function mistakes(
  card: JsonObject,
  generation: ProtocolGeneration,
  index: number,
): { text: string; says: string }[] {
  const { signatures, ...unsigned } = card;
  const earlier = Array.isArray(signatures) ? signatures.slice(0, index) : [];
  const covers =
    "it covers the card with its signatures field included (A2A 1.0.1 §8.4.1: it MUST be excluded)";
  const raw =
    "it covers the card's JSON as written, not its RFC 8785 canonical form (§8.4.1: MUST be canonicalized with JCS)";
  const safe = (make: () => string) => {
    try {
      return make();
    } catch {
      return "";
    }
  };
  const normal = (c: JsonObject) => canonicalJson(withoutDefaultValues(c, generation));
  return [
    { text: safe(() => normal(card)), says: covers },
    { text: safe(() => normal({ ...unsigned, signatures: earlier })), says: covers },
    { text: safe(() => canonicalJson({ ...unsigned, signatures: [] })), says: covers },
    { text: safe(() => canonicalJson(card)), says: covers },
    {
      text: safe(() => canonicalJson(unsigned)),
      says: "it covers the card with its default-valued fields left in (§8.4.1 rule 1)",
    },
    { text: JSON.stringify(unsigned), says: raw },
    { text: JSON.stringify(unsigned, null, 2), says: raw },
  ].filter((m) => m.text !== "");
}

interface Attempt {
  alg: string;
  keys: readonly KeyObject[];
  sig: CardSignature;
  signature: Buffer;
}

function diagnose(attempt: Attempt, card: JsonObject, generation: ProtocolGeneration): string {
  const { alg, keys, sig, signature } = attempt;
  for (const m of mistakes(card, generation, sig.index))
    if (firstMatch(alg, keys, sig, signature, [{ form: "spec", text: m.text }]).match) return m.says;
  return "it matches neither the card's canonical form nor a common signing mistake (signed with another key, or the card changed after signing)";
}

/**
 * Checks one card signature as A2A 1.0.1 §8.4.3 lays out: the key from the user or from `kid`+`jku`,
 * the card without `signatures` and default-valued fields, canonicalized (RFC 8785), the JWS verified.
 */
export async function verifyCardSignature(
  card: JsonObject,
  generation: ProtocolGeneration,
  sig: CardSignature,
  source: KeySource,
): Promise<SignatureCheck> {
  if (sig.shapeProblem) return unverifiable(sig.shapeProblem);
  if (!sig.header.ok) return unverifiable(sig.header.problem);
  const alg = param(sig, "alg");
  if (!alg) return unverifiable("the signature names no alg");
  const unsupported = unsupportedAlgorithm(alg);
  if (unsupported) return unverifiable(unsupported);
  if (sig.signatureB64.length > MAX_SIGNATURE_CHARS)
    return {
      outcome: {
        kind: "invalid",
        reason: `the signature is ${sig.signatureB64.length} characters, longer than any ${alg} signature`,
      },
      notes: [],
      evidence: [],
    };
  const signature = decodeBase64url(sig.signatureB64, "the signature");
  if (!signature.ok)
    return { outcome: { kind: "invalid", reason: signature.problem }, notes: [], evidence: [] };
  let payloads: SigningPayload[];
  try {
    payloads = signingPayloads(card, generation);
  } catch (error) {
    if (error instanceof JcsError)
      return { outcome: { kind: "invalid", reason: error.message }, notes: [], evidence: [] };
    throw error;
  }
  const found = await candidateKeys(sig, source);
  if ("problem" in found) return unverifiable(found.problem, found.evidence);
  const imported = importKeys(found.keys, found.from);
  const notes = [...found.notes, ...imported.notes];
  if (imported.keys.length === 0) return unverifiable(imported.problems.join("; "), found.evidence, notes);
  const result = firstMatch(alg, imported.keys, sig, signature.value, payloads);
  const kid = param(sig, "kid");
  if (result.match) {
    const outcome: SignatureOutcome = { kind: "verified", form: result.match.form, ...(kid ? { kid } : {}) };
    return { outcome, notes, evidence: found.evidence, keyFrom: found.from };
  }
  if (result.problem) return unverifiable(result.problem, found.evidence, notes);
  const attempt = { alg, keys: imported.keys, sig, signature: signature.value };
  const reason = diagnose(attempt, card, generation);
  return { outcome: { kind: "invalid", reason }, notes, evidence: found.evidence, keyFrom: found.from };
}
