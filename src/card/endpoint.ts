/** Endpoint choice (docs/test-files.md, "How an A2A test runs", step 3), with the loopback rewrite. */
import { generationOf, type ProtocolGeneration } from "../model/generation.js";
import { parseTransport } from "../model/transport.js";
import { isHostPort, isHttpUrl } from "./rules/read.js";
import type { CardInterface, EndpointChoice, NormalizedCard } from "./types.js";
import type { Transport } from "../model/transport.js";

// Seed: "a loopback address (localhost, 127.0.0.1, 0.0.0.0 or ::1)". Exactly these names: an agent reached
// at 127.0.0.2 was reached "somewhere else".
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "0.0.0.0", "::1"]);

// 0.0.0.0 is a bind address, never a destination, so a card naming it is rewritten whatever the agent host is.
const BIND_ANY = "0.0.0.0";

function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function needsRewrite(cardHost: string, agent: URL): boolean {
  const host = bareHost(cardHost);
  if (!LOOPBACK_HOSTS.has(host)) return false;
  return host === BIND_ANY || !LOOPBACK_HOSTS.has(bareHost(agent.hostname));
}

/**
 * Seed: a loopback card URL reached "somewhere else" keeps its path (and query) on the host the user gave
 * (the agent URL's scheme, host and port). A gRPC `host:port` target keeps its own port, having no path.
 */
export function rewriteLoopback(cardUrl: string, agentUrl: string): { url: string; rewrittenFrom?: string } {
  const agent = parse(agentUrl);
  if (agent === null) return { url: cardUrl };
  let url: string | null = null;
  if (isHostPort(cardUrl)) {
    const colon = cardUrl.lastIndexOf(":");
    if (needsRewrite(cardUrl.slice(0, colon), agent)) url = `${agent.hostname}${cardUrl.slice(colon)}`;
  } else {
    const card = parse(cardUrl);
    if (card !== null && needsRewrite(card.hostname, agent)) {
      url = `${agent.protocol}//${agent.host}${card.pathname}${card.search}`;
    }
  }
  return url === null || url === cardUrl ? { url: cardUrl } : { url, rewrittenFrom: cardUrl };
}

function callable(url: string, transport: Transport): boolean {
  return isHttpUrl(url) || (transport === "GRPC" && isHostPort(url));
}

/**
 * A relative interface URL ("/a2a/echo") stays a card error (validation asks for an absolute http(s)
 * URL), but resolving it against the card's own URL (RFC 3986 §5.2), as a browser would, lets the checks
 * reach the agent's real endpoint and judge its real answers instead of a 404 page. Absolute URLs and
 * gRPC host:port targets are kept as they are.
 */
export function resolveAgainstCard(url: string, cardUrl: string | undefined): string {
  // Absolute (any scheme, so also host:port) or empty: not relative, kept to pass or fail as it is.
  if (cardUrl === undefined || url.trim() === "" || /^[a-z][a-z0-9+.-]*:/i.test(url) || isHostPort(url))
    return url;
  try {
    return new URL(url, cardUrl).toString();
  } catch {
    return url;
  }
}

function reasonFor(iface: CardInterface, card: NormalizedCard): string {
  if (iface.source !== "url") return iface.source;
  return card.preferredTransport === null
    ? "card url (preferredTransport not stated, JSONRPC by default)"
    : `card url (preferredTransport ${card.preferredTransport})`;
}

function choice(url: string, agentUrl: string, transport: Transport, reason: string): EndpointChoice {
  return { ...rewriteLoopback(url, agentUrl), transport, reason };
}

/** The generation an interface claims: its own protocolVersion (1.0), else the card's. */
export function interfaceGeneration(iface: CardInterface, card: NormalizedCard): ProtocolGeneration {
  return (
    (iface.protocolVersion !== undefined ? generationOf(iface.protocolVersion) : undefined) ?? card.generation
  );
}

/** The generations a card's interfaces claim, in card order (1.0.1 §3.6.2: one binding may serve several). */
export function claimedGenerations(card: NormalizedCard): ProtocolGeneration[] {
  const claimed = card.interfaces.map((i) => interfaceGeneration(i, card));
  return [...new Set(claimed.length > 0 ? claimed : [card.generation])];
}

/**
 * The first interface the card offers for `transport` (card order is preference), rewritten; null when
 * none. With `cardUrl`, a relative interface URL is resolved against it; with `generation`, only the
 * interfaces that claim it are considered.
 */
export function chooseEndpointFor(
  card: NormalizedCard,
  agentUrl: string,
  transport: Transport,
  cardUrl?: string,
  generation?: ProtocolGeneration,
): EndpointChoice | null {
  // NormalizedCard.interfaces is already in the order of docs/test-files.md: 1.0 supportedInterfaces, then the card url
  // (carrying preferredTransport, JSONRPC when unstated), then additionalInterfaces.
  const iface = card.interfaces.find(
    (i) =>
      parseTransport(i.transport) === transport &&
      (generation === undefined || interfaceGeneration(i, card) === generation) &&
      callable(resolveAgainstCard(i.url, cardUrl), transport),
  );
  if (iface === undefined) return null;
  const url = resolveAgainstCard(iface.url, cardUrl);
  const reason =
    url === iface.url
      ? reasonFor(iface, card)
      : `${reasonFor(iface, card)}, the relative ${JSON.stringify(iface.url)} resolved against the card's URL`;
  const out = choice(url, agentUrl, transport, reason);
  if (iface.protocolVersion !== undefined) out.protocolVersion = iface.protocolVersion;
  if (iface.tenant !== undefined) out.tenant = iface.tenant;
  return out;
}

/** The JSON-RPC endpoint Plainwright posts to; falls back on the agent URL when the card names none. */
export function chooseEndpoint(card: NormalizedCard, agentUrl: string, cardUrl?: string): EndpointChoice {
  return chooseEndpointFor(card, agentUrl, "JSONRPC", cardUrl) ?? lastResort(card, agentUrl);
}

/** Part of the reason of an endpoint the card did not name (Plainwright fell back on the agent URL). */
export const NO_ENDPOINT = "the card names no JSON-RPC endpoint";

// Seed: "as a last resort the agent URL itself". When that URL is the card's own (it ends in .json), posting
// JSON-RPC to a static file is pointless: use the card's url if it has one, else the agent base the card was
// discovered under (the part before /.well-known/), else the folder holding the .json file.
function lastResort(card: NormalizedCard, agentUrl: string): EndpointChoice {
  const given = parse(agentUrl);
  if (given === null || !given.pathname.endsWith(".json")) {
    return { url: agentUrl, transport: "JSONRPC", reason: `agent URL (${NO_ENDPOINT})` };
  }
  if (card.url !== null && isHttpUrl(card.url)) {
    return choice(
      card.url,
      agentUrl,
      "JSONRPC",
      `card url (the agent URL is the card itself and ${NO_ENDPOINT})`,
    );
  }
  const wellKnown = /^(.*?)\/\.well-known\/[^/]+\.json$/.exec(given.pathname);
  const base = wellKnown ? wellKnown[1] || "/" : given.pathname.replace(/[^/]*$/, "");
  const cut = given.pathname.slice(base === "/" ? 0 : base.length);
  return {
    url: `${given.origin}${base}`,
    transport: "JSONRPC",
    reason: `agent URL without ${cut} (${NO_ENDPOINT})`,
  };
}
