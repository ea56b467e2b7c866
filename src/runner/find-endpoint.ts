import { endpointCandidates } from "../card/endpoint-candidates.js";
import type { EndpointChoice } from "../card/types.js";
import type { Negotiation } from "../client/negotiate.js";
import { parseTransport, type Transport } from "../model/transport.js";

/** What the search needs of the agent: where it was reached, the card as it came and its interfaces. */
export interface AgentSeen {
  agentUrl: string;
  discovery: { found: true; url: string; card: unknown } | { found: false };
  validation?: { card: { interfaces: ReadonlyArray<{ transport: string }> } };
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

/**
 * When every probe of the card's HTTP+JSON interface met a route that does not exist (a framework's 404
 * page) and the card offers no JSON-RPC interface, JSON-RPC at the same URL (seen at first sight: a card
 * saying "REST" for an agent that answers JSON-RPC there). The card stays judged as it is (card.interfaces).
 */
export async function findInsteadOfRest(
  agent: AgentSeen,
  chosen: EndpointChoice,
  atChosen: Negotiation,
  negotiateAt: (url: string, binding: Transport) => Promise<Negotiation>,
): Promise<{ endpoint: EndpointChoice; negotiation: Negotiation } | undefined> {
  const offersJsonRpc = agent.validation?.card.interfaces.some(
    (i) => parseTransport(i.transport) === "JSONRPC",
  );
  const places: Array<{ url: string; binding: Transport }> = offersJsonRpc
    ? []
    : [{ url: chosen.url, binding: "JSONRPC" }];
  const tried: string[] = [...atChosen.trafficIds];
  for (const { url, binding } of places) {
    const negotiation = await negotiateAt(url, binding);
    tried.push(...negotiation.trafficIds);
    if (negotiation.source !== "wire") continue;
    const { rewrittenFrom: _dropped, ...rest } = chosen;
    const answers = binding === chosen.transport ? `at ${url}` : `${binding} at ${url}`;
    return {
      endpoint: {
        ...rest,
        url,
        transport: binding,
        reason: `found by probing: the card's ${chosen.transport} interface at ${chosen.url} serves none of its routes; the agent answers ${answers}`,
        insteadOf: chosen.url,
        ...(binding === chosen.transport ? {} : { insteadOfBinding: chosen.transport }),
      },
      negotiation: {
        ...negotiation,
        notes: [
          `the card's ${chosen.transport} interface at ${chosen.url} answered every probe as a route that does not exist; the agent answers ${answers}`,
          ...negotiation.notes,
        ],
        trafficIds: tried,
      },
    };
  }
  return undefined;
}
