import type { CardSignature, SignatureCheck } from "../../card/signature.js";
import { verifyCardSignature } from "../../card/verify-signature.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { cardEvidence } from "../support/card-traffic.js";
import { keySourceOf, signaturesOf, UNSIGNED } from "../support/card-signatures.js";
import type { CheckContext, CheckVerdict } from "../types.js";

const SDK_FORM =
  "over the official SDKs' payload (empty values dropped too), not exactly 1.0.1 §8.4.1's (REQUIRED fields stay even when empty); it differs from the spec's only for this card's empty values";

function label(sig: CardSignature): string {
  const kid = sig.header.ok ? (sig.header.value.kid ?? sig.unprotected.kid) : undefined;
  return `signatures[${sig.index}]${typeof kid === "string" ? ` (kid ${kid})` : ""}`;
}

function verdictOf(check: SignatureCheck): string {
  const key = check.keyFrom ? `the key from ${check.keyFrom}` : "";
  if (check.outcome.kind !== "verified")
    return `${check.outcome.reason}${key ? ` (checked with ${key})` : ""}`;
  const form = check.outcome.form === "sdk" ? ` ${SDK_FORM}` : "";
  return `verifies over the card's RFC 8785 form without signatures${form}${key ? `, with ${key}` : ""}`;
}

/** Checks every signature of the card; one that a known key does not verify is a failure. */
export async function judgeSignatures(ctx: CheckContext): Promise<CheckVerdict> {
  const read = signaturesOf(ctx);
  if (read.kind === "none") return notApplicable(UNSIGNED);
  if (read.kind === "malformed")
    return skip(`${read.problem}, so no signature can be checked (card.signature-header)`);
  const card = ctx.rawCard as Record<string, unknown>;
  const keys = keySourceOf(ctx);
  const checked = await Promise.all(
    read.signatures.map(async (sig) => ({
      sig,
      check: await verifyCardSignature(card, ctx.generation, sig, keys),
    })),
  );
  const evidence = [...cardEvidence(ctx), ...new Set(checked.flatMap((c) => c.check.evidence))];
  const notes = [...new Set([...read.notes, ...checked.flatMap((c) => c.check.notes)])];
  const tail = notes.length > 0 ? ` (${notes.join("; ")})` : "";
  const line = ({ sig, check }: (typeof checked)[number]) => `${label(sig)}: ${verdictOf(check)}`;
  const invalid = checked.filter((c) => c.check.outcome.kind === "invalid");
  if (invalid.length > 0) return fail(`${invalid.map(line).join("; ")}${tail}`, evidence);
  const verified = checked.filter((c) => c.check.outcome.kind === "verified");
  if (verified.length === 0)
    return skip(
      `no signature could be checked: ${checked.map(line).join("; ")}. Give the signing key with --card-key FILE (a JWK or JWKS)${tail}`,
    );
  const rest = checked.filter((c) => c.check.outcome.kind === "unverifiable");
  const unchecked = rest.length > 0 ? `; not checked: ${rest.map(line).join("; ")}` : "";
  return pass(`${verified.map(line).join("; ")}${unchecked}${tail}`, evidence);
}

export default defineCheck({
  id: "card.signature-valid",
  title: "The card's signatures verify over its canonical form without `signatures`",
  category: "card",
  level: "MUST",
  quote: {
    spec: "A2A 1.0.1 §8.4.1",
    text: "Before signing, the Agent Card content **MUST** be canonicalized using the JSON Canonicalization Scheme (JCS) as defined in [RFC 8785](https://tools.ietf.org/html/rfc8785). … The `signatures` field itself **MUST** be excluded from the content being signed to avoid circular dependencies.",
  },
  requirement:
    "Each JWS in the card's `signatures` verifies, with the key its `kid` and `jku` name (or one given with --card-key), over the card with default-valued fields removed, without `signatures`, canonicalized with RFC 8785 (JCS). An unsigned card is not judged: signing is optional.",
  spec: "A2A 1.0.1 §8.4.1 (canonicalization), §8.4.3 (verification); RFC 7515, RFC 8785",
  tck: ["CARD-SIGN-001", "CARD-SIGN-002"],
  recommendation:
    "Sign JCS(card without `signatures`, default-valued fields omitted), e.g. with the official SDK's generateAgentCardSignature, publish the public key in the JWKS your `jku` names, and sign again whenever the card changes.",
  selfTest: [
    { flaw: "card-signature-covers-signatures", protocols: ["1.0"] },
    { flaw: "card-signature-not-canonical", protocols: ["1.0"] },
  ],
  scope: "agent",
  generations: ["1.0"],
  run: judgeSignatures,
});
