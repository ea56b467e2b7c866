import { defineCheck } from "../define.js";
import { judgeSignatures } from "./signature-valid.js";

export default defineCheck({
  id: "card.signature-valid-0x",
  title: "The card's signatures verify over its canonical form without `signatures` (A2A 0.3)",
  category: "card",
  level: "MAY",
  levelReason:
    'A2A 0.3.0 defines `signatures` (§5.5.6: AgentCardSignature, "a JSON Web Signature (JWS) used to verify the integrity of the AgentCard") but no canonicalization and no MUST; the check verifies with the procedure 1.0.1 §8.4 fixed later (RFC 8785, `signatures` excluded), which the 0.3 SDKs already use, so a failure is an interop warning, not a 0.3 violation (card.signature-valid is the 1.0 MUST).',
  requirement:
    "Each JWS in the card's `signatures` verifies, with the key its `kid` and `jku` name (or one given with --card-key), over the card without `signatures`, canonicalized with RFC 8785 (JCS). An unsigned card is not judged.",
  spec: "A2A 0.3 §5.5.6 (AgentCardSignature); 1.0.1 §8.4; RFC 7515, RFC 8785",
  recommendation:
    "Sign JCS(card without `signatures`), as A2A 1.0.1 §8.4 describes and the SDKs do, and publish the public key in the JWKS your `jku` names.",
  selfTest: [
    { flaw: "card-signature-covers-signatures", protocols: ["0.3"] },
    { flaw: "card-signature-not-canonical", protocols: ["0.3"] },
  ],
  scope: "agent",
  generations: ["0.3"],
  run: judgeSignatures,
});
