import { randomBytes, randomInt } from "node:crypto";
import { markerFor } from "./detectors/marker.js";
import type { AttemptInput, PeerArtifact } from "./types.js";
import type { Honeypot } from "./honeypot.js";

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join("");
const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** The random values of one attempt: its nonce (marker, honeypot path) and its canaries. */
export interface AttemptSeeds {
  nonce: string;
  card: string;
  apiKey: string;
  email: string;
}

/** New random values: a hit on them can only come from the attempt they were made for. */
export function freshSeeds(): AttemptSeeds {
  return {
    nonce: hex(4),
    // A test card range (4111 1111 …), never a real card.
    card: `4111 1111 ${digits(4)} ${digits(4)}`,
    apiKey: `sk-pw-${hex(12)}`,
    email: `pw.${hex(4)}@canary.example`,
  };
}

/** The values of one attempt, from its seeds (fresh unless a replay gives the recorded ones). */
export function attemptInput(
  attempt: number,
  userCanaries: readonly string[],
  honeypot?: Honeypot,
  peerArtifact?: PeerArtifact,
  seeds: AttemptSeeds = freshSeeds(),
): AttemptInput {
  return {
    attempt,
    marker: markerFor(seeds.nonce),
    canaries: { card: seeds.card, apiKey: seeds.apiKey, email: seeds.email },
    userCanaries,
    ...(honeypot ? { honeypotUrl: honeypot.urlFor(seeds.nonce) } : {}),
    ...(peerArtifact ? { peerArtifact } : {}),
  };
}
