import type { CardSignatureStatus } from "../model/result.js";
import type { ProtocolGeneration } from "../model/generation.js";
import { readCardSignatures } from "./signature.js";
import type { CardSignature, KeySource, SignatureCheck } from "./signature.js";
import { verifyCardSignature } from "./verify-signature.js";

export interface CheckedSignature {
  sig: CardSignature;
  check: SignatureCheck;
}

/** What a card's signatures came to: none, unreadable, or each one checked. */
export type SignaturesReport =
  | { kind: "none" }
  | { kind: "malformed"; problem: string }
  | { kind: "checked"; checked: CheckedSignature[]; notes: string[]; evidence: string[] };

const SDK_FORM =
  "over the official SDKs' payload (empty values dropped too), not exactly 1.0.1 §8.4.1's (REQUIRED fields stay even when empty); it differs from the spec's only for this card's empty values";

/** Why an unsigned card is not judged (A2A 1.0.1 §8.4: signing is optional). */
export const UNSIGNED =
  "the card carries no signatures; signing is optional (A2A 1.0.1 §8.4: Agent Cards MAY be digitally signed)";

/** Checks every signature of `card` (the card as served) with the keys `keys` gives. */
export async function checkCardSignatures(
  card: unknown,
  generation: ProtocolGeneration,
  keys: KeySource,
): Promise<SignaturesReport> {
  if (typeof card !== "object" || card === null || Array.isArray(card)) return { kind: "none" };
  const object = card as Record<string, unknown>;
  const read = readCardSignatures(object);
  if (read.kind !== "present") return read;
  const checked = await Promise.all(
    read.signatures.map(async (sig) => ({
      sig,
      check: await verifyCardSignature(object, generation, sig, keys),
    })),
  );
  return {
    kind: "checked",
    checked,
    notes: [...new Set([...read.notes, ...checked.flatMap((c) => c.check.notes)])],
    evidence: [...new Set(checked.flatMap((c) => c.check.evidence))],
  };
}

/** `signatures[i]`, with the kid when the header names one. */
export function signatureLabel(sig: CardSignature): string {
  const kid = sig.header.ok ? (sig.header.value.kid ?? sig.unprotected.kid) : undefined;
  return `signatures[${sig.index}]${typeof kid === "string" ? ` (kid ${kid})` : ""}`;
}

/** What one signature's check found, in words. */
export function signatureVerdict(check: SignatureCheck): string {
  const key = check.keyFrom ? `the key from ${check.keyFrom}` : "";
  if (check.outcome.kind !== "verified")
    return `${check.outcome.reason}${key ? ` (checked with ${key})` : ""}`;
  const form = check.outcome.form === "sdk" ? ` ${SDK_FORM}` : "";
  return `verifies over the card's RFC 8785 form without signatures${form}${key ? `, with ${key}` : ""}`;
}

/** One line per signature of the given outcome. */
export function signatureLines(checked: readonly CheckedSignature[]): string {
  return checked.map(({ sig, check }) => `${signatureLabel(sig)}: ${signatureVerdict(check)}`).join("; ");
}

/** The report as one status: any signature that fails decides, then any that verifies, else none could be checked. */
export function signatureStatus(report: SignaturesReport): CardSignatureStatus {
  if (report.kind === "none") return { status: "unsigned", detail: UNSIGNED };
  if (report.kind === "malformed") return { status: "malformed", detail: report.problem };
  const tail = report.notes.length > 0 ? ` (${report.notes.join("; ")})` : "";
  const of = (kind: string) => report.checked.filter((c) => c.check.outcome.kind === kind);
  const invalid = of("invalid");
  if (invalid.length > 0) return { status: "invalid", detail: `${signatureLines(invalid)}${tail}` };
  const verified = of("verified");
  if (verified.length > 0) {
    const rest = of("unverifiable");
    const unchecked = rest.length > 0 ? `; not checked: ${signatureLines(rest)}` : "";
    return { status: "verified", detail: `${signatureLines(verified)}${unchecked}${tail}` };
  }
  return { status: "unverifiable", detail: `${signatureLines(report.checked)}${tail}` };
}
