import { randomBytes, randomInt } from "node:crypto";
import { markerFor } from "./detectors/marker.js";
import type { AttemptInput, PeerArtifact } from "./types.js";
import type { Honeypot } from "./honeypot.js";

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join("");
const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** Fresh values for one attempt: a hit on them can only come from this attempt. */
export function attemptInput(
  attempt: number,
  userCanaries: readonly string[],
  honeypot?: Honeypot,
  peerArtifact?: PeerArtifact,
): AttemptInput {
  const nonce = hex(4);
  return {
    attempt,
    marker: markerFor(nonce),
    canaries: {
      // A test card range (4111 1111 …), never a real card.
      card: `4111 1111 ${digits(4)} ${digits(4)}`,
      apiKey: `sk-pw-${hex(12)}`,
      email: `pw.${hex(4)}@canary.example`,
    },
    userCanaries,
    ...(honeypot ? { honeypotUrl: honeypot.urlFor(nonce) } : {}),
    ...(peerArtifact ? { peerArtifact } : {}),
  };
}
