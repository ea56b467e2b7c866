import { keySource } from "../../card/key-source.js";
import { readCardSignatures, type CardSignatures, type KeySource } from "../../card/signature.js";
import type { CheckContext } from "../types.js";

/** The card's signatures as the card checks read them; a card that is not an object has none. */
export function signaturesOf(ctx: CheckContext): CardSignatures {
  const card = ctx.rawCard;
  if (typeof card !== "object" || card === null || Array.isArray(card)) return { kind: "none" };
  return readCardSignatures(card as Record<string, unknown>);
}

/** Where verification keys come from: the user's (--card-key), then each signature's jku (card/key-set.ts). */
export function keySourceOf(ctx: CheckContext): KeySource {
  const { policy, traffic, signal } = ctx.clientContext;
  return keySource(ctx.cardKeys ?? [], {
    policy,
    timeoutMs: ctx.timeoutMs,
    ...(traffic ? { traffic } : {}),
    ...(signal ? { signal } : {}),
  });
}
