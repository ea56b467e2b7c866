import type { DiscoveryResult } from "../card/discover.js";
import type { CardValidation } from "../card/types.js";
import type { Negotiation } from "../client/negotiate.js";
import type { CardIssue, CardSection, RunResult } from "../model/result.js";

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
    warnings: [...(validation?.warnings ?? []), ...versionGatedWarning(discovery)],
    skills: card?.skills ?? [],
    strict,
  };
}

/** A card served only to a request naming its A2A-Version: said with the card, judged by a check. */
function versionGatedWarning(discovery: DiscoveryResult): CardIssue[] {
  if (!discovery.found || !discovery.askedWithVersion) return [];
  const refused = discovery.tried.find((t) => t.url === discovery.url && t.http_status !== 200);
  return [
    {
      path: "",
      message: `the card is served only to a request carrying A2A-Version: ${discovery.askedWithVersion}; without it ${discovery.url} answered ${refused?.outcome ?? "an error"}`,
    },
  ];
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
