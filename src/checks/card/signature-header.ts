import { headerNotes, missingHeaderParameters } from "../../card/signature.js";
import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { cardEvidence } from "../support/card-traffic.js";
import { signaturesOf } from "../support/card-signatures.js";
import { UNSIGNED } from "../../card/check-signatures.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** Every signature's protected header decodes and names its alg and kid. */
export function judgeHeaders(ctx: CheckContext): CheckVerdict {
  const read = signaturesOf(ctx);
  const evidence = cardEvidence(ctx);
  if (read.kind === "none") return notApplicable(UNSIGNED);
  if (read.kind === "malformed") return fail(read.problem, evidence);
  const problems = read.signatures.flatMap((sig) => {
    const missing = [...(sig.shapeProblem ? [sig.shapeProblem] : []), ...missingHeaderParameters(sig)];
    return missing.length > 0 ? [`signatures[${sig.index}]: ${[...new Set(missing)].join("; ")}`] : [];
  });
  if (problems.length > 0) return fail(problems.join(". "), evidence);
  const notes = [
    ...read.notes,
    ...read.signatures.flatMap((sig) => headerNotes(sig).map((n) => `signatures[${sig.index}]: ${n}`)),
  ];
  const count = read.signatures.length;
  return pass(
    `${count === 1 ? "the protected header names" : `all ${count} protected headers name`} alg and kid${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`,
    evidence,
  );
}

export default defineCheck({
  id: "card.signature-header",
  title: "Each card signature's protected header names alg and kid",
  category: "card",
  level: "MUST",
  quote: {
    spec: "A2A 1.0.1 §8.4.2",
    text: 'The protected header **MUST** include: `alg`: Algorithm used for signing (e.g., "ES256", "RS256") … `kid`: Key ID for identifying the signing key',
  },
  requirement:
    'Each entry of `signatures` has a `protected` string that is base64url of a JSON object naming `alg` and `kid` (`typ` SHOULD be "JOSE"; `jku` MAY name the JWKS). Parameters in the unprotected `header` do not count: they are not signed.',
  spec: "A2A 1.0.1 §8.4.2 (signature format); RFC 7515 §4.1",
  tck: ["CARD-SIGN-003"],
  recommendation:
    'Put alg, kid and typ "JOSE" (and jku when clients should fetch your key set) in the protected header, not the unprotected `header`.',
  selfTest: [{ flaw: "card-signature-kid-unprotected", protocols: ["1.0"], violates: ["CARD-SIGN-003"] }],
  scope: "agent",
  generations: ["1.0"],
  run: (ctx) => Promise.resolve(judgeHeaders(ctx)),
});
