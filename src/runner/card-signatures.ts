import { checkCardSignatures, signatureStatus } from "../card/check-signatures.js";
import type { Jwk } from "../card/jws.js";
import { keySource } from "../card/key-source.js";
import type { CardValidation } from "../card/types.js";
import type { ClientContext } from "../client/types.js";
import type { CardSignatureStatus } from "../model/result.js";

/**
 * The card's signatures, judged. A signature that does not verify breaks a MUST of A2A 1.0.1 §8.4.1 (JCS
 * form, `signatures` left out), so it is a card error on a 1.0 card; A2A 0.3 defines signatures with no
 * canonical form and no MUST (0.3 §5.5.6), so there it is a warning.
 */
export async function judgeCardSignatures(
  card: unknown,
  validation: CardValidation,
  keys: readonly Jwk[],
  ctx: ClientContext,
): Promise<CardSignatureStatus> {
  const { policy, traffic, signal } = ctx;
  const source = keySource(keys, {
    policy,
    timeoutMs: ctx.timeoutMs,
    ...(traffic ? { traffic } : {}),
    ...(signal ? { signal } : {}),
  });
  const status = signatureStatus(await checkCardSignatures(card, validation.card.generation, source));
  if (status.status === "invalid") {
    const issue = { path: "signatures", message: `a signature does not verify: ${status.detail}` };
    if (validation.card.generation === "1.0")
      validation.errors.push({ ...issue, message: `${issue.message} (A2A 1.0.1 §8.4.1 MUST)` });
    else validation.warnings.push(issue);
  }
  return status;
}
