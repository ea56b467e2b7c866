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

/** An endpoint found elsewhere than the card's choice, and the negotiation that confirmed it. */
interface Relocated {
  endpoint: EndpointChoice;
  negotiation: Negotiation;
}

/**
 * The endpoint at `url` (over `binding`, the chosen one's unless told) in place of the chosen one, where
 * `negotiation` confirmed A2A; `reason` and `note` say why the chosen one was left.
 */
function relocated(
  chosen: EndpointChoice,
  atChosen: Negotiation,
  found: { url: string; negotiation: Negotiation; binding?: Transport },
  reason: string,
  note: string,
): Relocated {
  const { rewrittenFrom: _dropped, ...rest } = chosen;
  const { url, negotiation, binding } = found;
  return {
    endpoint: {
      ...rest,
      url,
      reason,
      insteadOf: chosen.url,
      ...(binding && binding !== chosen.transport
        ? { transport: binding, insteadOfBinding: chosen.transport }
        : {}),
    },
    negotiation: {
      ...negotiation,
      notes: [note, ...negotiation.notes],
      trafficIds: [...atChosen.trafficIds, ...negotiation.trafficIds],
    },
  };
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
): Promise<Relocated | undefined> {
  const cardUrl = agent.discovery.found ? agent.discovery.url : undefined;
  const rawCard = agent.discovery.found ? agent.discovery.card : undefined;
  const why = whyNothingThere(atChosen);
  for (const url of endpointCandidates(rawCard, agent.agentUrl, cardUrl, chosen.url)) {
    const negotiation = await negotiateAt(url);
    if (negotiation.source !== "wire") continue;
    return relocated(
      chosen,
      atChosen,
      { url, negotiation },
      `found by probing: nothing A2A answered at ${chosen.url}, the ${chosen.reason}`,
      `the chosen endpoint ${chosen.url} answered nothing A2A (${why}); the agent answers at ${url}`,
    );
  }
  return undefined;
}

/**
 * Why the chosen endpoint was left, in one clause: the negotiation's own note nests every probe's answer and
 * ends with the card's version it fell back to, which the relocated run does not use (seen at first sight:
 * three 404 pages quoted in full). The probes' answers stay in the traffic it names.
 */
function whyNothingThere(atChosen: Negotiation): string {
  if (atChosen.nothingAnswers !== undefined) return atChosen.nothingAnswers;
  const traffic = atChosen.trafficIds.length > 0 ? ` (traffic ${atChosen.trafficIds.join(", ")})` : "";
  return atChosen.routesMissing
    ? `each version probe met a route or method that does not exist${traffic}`
    : `no version probe was answered as A2A${traffic}`;
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
): Promise<Relocated | undefined> {
  if (agent.validation?.card.interfaces.some((i) => parseTransport(i.transport) === "JSONRPC"))
    return undefined;
  const { url } = chosen;
  const negotiation = await negotiateAt(url, "JSONRPC");
  if (negotiation.source !== "wire") return undefined;
  return relocated(
    chosen,
    atChosen,
    { url, negotiation, binding: "JSONRPC" },
    `found by probing: the card's ${chosen.transport} interface at ${url} serves none of its routes; the agent answers JSONRPC at ${url}`,
    `the card's ${chosen.transport} interface at ${url} answered every probe as a route that does not exist; the agent answers JSONRPC at ${url}`,
  );
}

/**
 * With --endpoint at the same origin as the card's interface of that binding, whether the card's URL answers
 * A2A too: a card that names the base while the agent answers at /a2a is wrong whoever found the endpoint
 * (seen at first sight: card.interfaces passed under --endpoint, failed without it). The chosen endpoint
 * marked with the card's URL `insteadOf` when nothing A2A answers there; otherwise undefined. Another origin is
 * never probed: a card naming the agent's public address while the user tests a local copy is no defect.
 */
export async function cardUrlBesideOverride(
  declared: EndpointChoice | null,
  given: EndpointChoice,
  atGiven: Negotiation,
  negotiateAt: (url: string) => Promise<Negotiation>,
): Promise<EndpointChoice | undefined> {
  if (!declared || atGiven.source !== "wire" || declared.url === given.url) return undefined;
  if (!sameOrigin(declared.url, given.url)) return undefined;
  const atCard = await negotiateAt(declared.url);
  if (atCard.source === "wire") return undefined;
  return { ...given, insteadOf: declared.url };
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
