import { endpointCandidates } from "../card/endpoint-candidates.js";
import type { EndpointChoice } from "../card/types.js";
import type { Negotiation } from "../client/negotiate.js";

/** What the search needs of the agent: where it was reached and the card as it came. */
export interface AgentSeen {
  agentUrl: string;
  discovery: { found: true; url: string; card: unknown } | { found: false };
}

/**
 * When nothing at the chosen JSON-RPC endpoint confirmed an A2A version (a 404 page, a card URL naming the
 * base while the handler is mounted on /a2a, or no endpoint in the card at all), tries the places the card
 * hints at and the common paths, one request each, and takes the first where the wire confirms A2A. The
 * card stays judged as it is (card.interfaces); the rest of the suite then judges the agent's real answers
 * instead of a 404 page. Undefined when no place answers A2A.
 */
export async function findJsonRpcEndpoint(
  agent: AgentSeen,
  chosen: EndpointChoice,
  atChosen: Negotiation,
  negotiateAt: (url: string) => Promise<Negotiation>,
): Promise<{ endpoint: EndpointChoice; negotiation: Negotiation } | undefined> {
  const cardUrl = agent.discovery.found ? agent.discovery.url : undefined;
  const rawCard = agent.discovery.found ? agent.discovery.card : undefined;
  const why = atChosen.nothingAnswers ?? atChosen.notes[0] ?? "no A2A version was confirmed";
  for (const url of endpointCandidates(rawCard, agent.agentUrl, cardUrl, chosen.url)) {
    const negotiation = await negotiateAt(url);
    if (negotiation.source !== "wire") continue;
    const { rewrittenFrom: _dropped, ...rest } = chosen;
    return {
      endpoint: {
        ...rest,
        url,
        reason: `found by probing: nothing A2A answered at ${chosen.url}, the ${chosen.reason}`,
        insteadOf: chosen.url,
      },
      negotiation: {
        ...negotiation,
        notes: [
          `the chosen endpoint ${chosen.url} answered nothing A2A (${why}); the agent answers at ${url}`,
          ...negotiation.notes,
        ],
        trafficIds: [...atChosen.trafficIds, ...negotiation.trafficIds],
      },
    };
  }
  return undefined;
}
