import type { DiscoveryResult } from "../card/discover.js";
import type { CardValidation } from "../card/types.js";
import type { CardSection } from "../model/result.js";

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
