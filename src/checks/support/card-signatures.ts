import { fetchKeySet, type KeySetResult } from "../../card/key-set.js";
import { readCardSignatures, type CardSignatures, type KeySource } from "../../card/signature.js";
import type { CheckContext } from "../types.js";

/** The card's signatures as the card checks read them; a card that is not an object has none. */
export function signaturesOf(ctx: CheckContext): CardSignatures {
  const card = ctx.rawCard;
  if (typeof card !== "object" || card === null || Array.isArray(card)) return { kind: "none" };
  return readCardSignatures(card as Record<string, unknown>);
}

/**
 * Where verification keys come from: the user's (--card-key), then the JWKS a signature's jku names,
 * fetched once per URL however many signatures name it.
 */
export function keySourceOf(ctx: CheckContext): KeySource {
  const fetched = new Map<string, Promise<KeySetResult>>();
  return {
    keys: ctx.cardKeys ?? [],
    fetchKeySet: (url) => {
      let result = fetched.get(url);
      if (!result) {
        result = fetchKeySet(url, {
          policy: ctx.clientContext.policy,
          traffic: ctx.clientContext.traffic,
          timeoutMs: ctx.timeoutMs,
        });
        fetched.set(url, result);
      }
      return result;
    },
  };
}

/** Why a check about signatures does not apply to an unsigned card (A2A 1.0.1 §8.4: signing is optional). */
export const UNSIGNED =
  "the card carries no signatures; signing is optional (A2A 1.0.1 §8.4: Agent Cards MAY be digitally signed)";
