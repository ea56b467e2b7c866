import { checkCardSignatures, signatureStatus, UNSIGNED } from "../../card/check-signatures.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { cardEvidence } from "../support/card-traffic.js";
import { keySourceOf } from "../support/card-signatures.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** Checks every signature of the card; one that a known key does not verify is a failure. */
export async function judgeSignatures(ctx: CheckContext): Promise<CheckVerdict> {
  const report = await checkCardSignatures(ctx.rawCard, ctx.generation, keySourceOf(ctx));
  const { status, detail } = signatureStatus(report);
  const evidence = [...cardEvidence(ctx), ...(report.kind === "checked" ? report.evidence : [])];
  switch (status) {
    case "unsigned":
      return notApplicable(UNSIGNED);
    case "malformed":
      return skip(`${detail}, so no signature can be checked (card.signature-header)`);
    case "invalid":
      return fail(detail, evidence);
    case "unverifiable":
      return skip(
        `no signature could be checked: ${detail}. Give the signing key with --card-key FILE (a JWK or JWKS)`,
      );
    case "verified":
      return pass(detail, evidence);
  }
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
    { flaw: "card-signature-covers-signatures", protocols: ["1.0"], violates: ["CARD-SIGN-002"] },
    { flaw: "card-signature-not-canonical", protocols: ["1.0"], violates: ["CARD-SIGN-001"] },
  ],
  scope: "agent",
  generations: ["1.0"],
  run: judgeSignatures,
});
