import { isObject } from "../exchange.js";
import type { Json, Mutation } from "../types.js";

/** The card's signature entries (AgentCardSignature, A2A 1.0.1 §4.4.7); none when it is unsigned. */
function signaturesOf(card: Json): Json[] {
  return Array.isArray(card.signatures) ? (card.signatures as unknown[]).filter(isObject) : [];
}

/** A JWS protected header decoded (RFC 7515 §7.2.1: base64url of a JSON object), or undefined. */
function decodeHeader(protectedB64: unknown): Json | undefined {
  if (typeof protectedB64 !== "string") return undefined;
  try {
    const header = JSON.parse(Buffer.from(protectedB64, "base64url").toString("utf8")) as unknown;
    return isObject(header) ? header : undefined;
  } catch {
    return undefined;
  }
}

// The proxy points the card's URLs at itself, which changes what the signature covers: the deviations
// of the signature itself are played with the URLs left as signed, and so is the run without them.
const urlsAsSigned = { cardUrlsKept: true, correct: { cardUrlsKept: true } } as const;

/** Deviations in a signed agent card (A2A 1.0.1 §8.4; 0.3 §5.5.6); an unsigned card is left alone. */
export const cardSignatureMutations: Mutation[] = [
  {
    id: "card-changed-after-signing",
    what: "the card's description was changed after it was signed: its signature no longer verifies",
    clause:
      "A2A 1.0.1 §8.4.3 (verify the signature against the canonicalized card), §8.4 (signatures ensure integrity); 0.3 §5.5.6 AgentCardSignature",
    check: { "0.x": "card.signature-valid-0x", "1.0": "card.signature-valid" },
    ...urlsAsSigned,
    card: (card) => {
      if (signaturesOf(card).length === 0) return undefined;
      card.description = `${typeof card.description === "string" ? card.description : ""} (edited after signing)`;
      return card;
    },
  },
  {
    id: "card-signature-header-without-alg",
    violates: ["CARD-SIGN-003"],
    what: "the protected header of each card signature names no alg",
    clause: "A2A 1.0.1 §8.4.2 (the protected header MUST include alg and kid); RFC 7515 §4.1.1",
    check: { "1.0": "card.signature-header" },
    // Without alg no signature can be checked (card.signature-valid skips): only the header check judges it.
    card: (card) => {
      let changed = false;
      for (const sig of signaturesOf(card)) {
        const header = decodeHeader(sig.protected);
        if (!header || !("alg" in header)) continue;
        delete header.alg;
        sig.protected = Buffer.from(JSON.stringify(header), "utf8").toString("base64url");
        changed = true;
      }
      return changed ? card : undefined;
    },
  },
];
