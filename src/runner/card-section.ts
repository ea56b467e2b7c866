import type { DiscoveryResult } from "../card/discover.js";
import type { CardValidation } from "../card/types.js";
import type { Negotiation } from "../client/negotiate.js";
import type { CardSection, RunResult } from "../model/result.js";

/** The result's `card` section from discovery and (when a card was found) validation. */
export function cardSection(
  discovery: DiscoveryResult,
  validation: CardValidation | undefined,
  strict: boolean,
): CardSection {
  const card = validation?.card;
  return {
    found_at: discovery.found ? discovery.url : null,
    tried: discovery.tried,
    protocol_version: card?.protocolVersion ?? null,
    name: card?.name ?? null,
    version: card?.version ?? null,
    description: card?.description ?? null,
    transport: card ? (card.interfaces[0]?.transport ?? card.preferredTransport ?? "JSONRPC") : null,
    errors: validation?.errors ?? [],
    warnings: validation?.warnings ?? [],
    skills: card?.skills ?? [],
    strict,
  };
}

/**
 * Writes what the wire said into the result: the generation spoken, negotiation notes as warnings, and a
 * card that names another version than the agent speaks as a card warning naming both.
 */
export function recordNegotiation(result: RunResult, negotiation: Negotiation, prefix = ""): void {
  if (result.protocol) result.protocol.negotiated = negotiation.generation;
  result.warnings.push(...negotiation.notes.map((n) => `${prefix}${n}`));
  const mismatch = negotiation.mismatch;
  if (!mismatch || !result.card?.found_at) return;
  const already = result.card.warnings.some((w) => w.message === mismatch.message);
  if (!already) result.card.warnings.push({ path: "protocolVersion", message: mismatch.message });
}
