import { createPublicKey, verify, type JsonWebKey } from "node:crypto";
import { expect } from "vitest";
import { canonicalJson, JWKS_PATH, signingPayload } from "../card-signing.js";
import type { Card, FlawCheck, FlawProbe } from "./flaw-probe.js";
import { expectSmokePasses, fetchCard, get, jsonrpc } from "./flaw-probe.js";

interface Signature {
  protected: string;
  signature: string;
  header?: Card;
}

/** The served card, its signatures and the keys of the agent's JWKS. */
export async function signedCard(
  probe: FlawProbe,
): Promise<{ card: Card; signatures: Signature[]; keys: JsonWebKey[] }> {
  const card = await fetchCard(probe);
  const response = await get(`${probe.agent.url}${JWKS_PATH}`);
  expect(response.status).toBe(200);
  const { keys } = (await response.json()) as { keys: JsonWebKey[] };
  return { card, signatures: (card.signatures ?? []) as Signature[], keys };
}

export const protectedHeader = (sig: Signature): Card =>
  JSON.parse(Buffer.from(sig.protected, "base64url").toString("utf8")) as Card;

/** Whether an ES256 signature verifies over `payload` with any of the keys. */
export function verifiesOver(sig: Signature, payload: string, keys: readonly JsonWebKey[]): boolean {
  const input = Buffer.from(`${sig.protected}.${Buffer.from(payload).toString("base64url")}`, "ascii");
  const signature = Buffer.from(sig.signature, "base64url");
  return keys.some((jwk) =>
    verify(
      "sha256",
      input,
      { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
      signature,
    ),
  );
}

/** A signing flaw shows in the served signatures; the agent still answers. */
function signatureShows(
  predicate: (signed: Awaited<ReturnType<typeof signedCard>>, probe: FlawProbe) => void,
): FlawCheck {
  return async (probe) => {
    predicate(await signedCard(probe), probe);
    await expectSmokePasses(probe, jsonrpc(probe));
  };
}

export const SIGNATURE_CHECKS: Record<string, FlawCheck> = {
  "card-signature-covers-signatures": signatureShows(({ card, signatures, keys }, probe) => {
    const [first, second] = signatures;
    expect(second).toBeDefined();
    if (!first || !second) return;
    const withFirst = canonicalJson({
      ...JSON.parse(signingPayload(card, probe.agent.protocol)),
      signatures: [first],
    });
    expect(verifiesOver(first, signingPayload(card, probe.agent.protocol), keys)).toBe(true);
    expect(verifiesOver(second, withFirst, keys)).toBe(true);
  }),
  "card-signature-not-canonical": signatureShows(({ card, signatures, keys }) => {
    const [sig] = signatures;
    const { signatures: _ignored, ...unsigned } = card;
    expect(sig && verifiesOver(sig, JSON.stringify(unsigned), keys)).toBe(true);
  }),
  "card-signature-kid-unprotected": signatureShows(({ signatures }) => {
    const [sig] = signatures;
    if (!sig) throw new Error("the card is not signed");
    expect(protectedHeader(sig)).not.toHaveProperty("kid");
    expect(sig.header).toHaveProperty("kid");
  }),
};
