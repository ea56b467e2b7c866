import { discoverCard, type DiscoveryResult } from "../card/discover.js";
import { chooseEndpoint, chooseEndpointFor } from "../card/endpoint.js";
import type { CardValidation, EndpointChoice } from "../card/types.js";
import { validateCard } from "../card/validate.js";
import { createClient } from "../client/create-client.js";
import { negotiateGeneration, type Negotiation } from "../client/negotiate.js";
import type { A2AClient, ClientContext } from "../client/types.js";
import { generationOf, type ProtocolGeneration } from "../model/generation.js";
import type { Transport } from "../model/transport.js";
import type { EndpointOverride } from "./endpoint-override.js";
import { cardUrlBesideOverride, findInsteadOfRest, findJsonRpcEndpoint } from "./find-endpoint.js";

/**
 * The one way every run kind reaches an agent: discover and validate the card (once), choose the
 * endpoint of a binding, find the generation the agent speaks on the wire, and build that binding's
 * client. Smoke, conversations, chat, the inspector and conformance all connect through here.
 */

/** What discovery found: the validated card when there was one, and the user's endpoint if given. */
export interface FoundAgent {
  agentUrl: string;
  discovery: DiscoveryResult;
  /** Set exactly when a card was found. */
  validation?: CardValidation;
  /** --endpoint: used for its binding whatever the card says. */
  endpointOverride?: EndpointOverride;
}

/** The hint after "nothing answers at URL": what the user can check. */
const nobodyHint =
  "is the agent running there, on that port, and does it speak plain http or https as the URL says?";

/**
 * Why nothing answers at an endpoint a run opened (its first request reached nobody: connection refused,
 * or a name that does not resolve), or undefined when something answered. Then there is no agent there to
 * judge: an error of the run, never a list of failed checks or attacks.
 */
export function nothingAnswersAt(target: TransportTarget): string | undefined {
  const why = target.negotiation.nothingAnswers;
  if (why === undefined) return undefined;
  const named = target.endpoint.reason.startsWith("--endpoint")
    ? "--endpoint"
    : `the card's ${target.transport} interface`;
  return `nothing answers at ${target.endpoint.url}, ${named} (${why}): ${nobodyHint}`;
}

/**
 * Why nothing at the agent URL could be reached at all (every card location refused the connection or
 * did not resolve), or undefined when something answered. Then the run is an error of the run, before any
 * check or attack: no agent was there to judge.
 */
export function unreachableReason(agent: FoundAgent): string | undefined {
  const tried = agent.discovery.tried;
  if (agent.discovery.found || agent.endpointOverride || tried.length === 0) return undefined;
  if (!tried.every((t) => t.http_status === undefined && (t.rule === "connect" || t.rule === "policy.dns")))
    return undefined;
  const first = tried[0]?.outcome ?? "no answer";
  return `nothing answers at ${agent.agentUrl} (${first}): ${nobodyHint}`;
}

/** Discovery and validation: the first step of every run. */
export async function findAgent(
  agentUrl: string,
  ctx: ClientContext,
  endpointOverride?: EndpointOverride,
): Promise<FoundAgent> {
  const discovery = await discoverCard(agentUrl, {
    headers: ctx.headers,
    policy: ctx.policy,
    traffic: ctx.traffic,
    timeoutMs: ctx.timeoutMs,
    ...(ctx.rateLimit ? { rateLimit: ctx.rateLimit } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  return {
    agentUrl,
    discovery,
    ...(discovery.found ? { validation: validateCard(discovery.card) } : {}),
    ...(endpointOverride ? { endpointOverride } : {}),
  };
}

/**
 * The endpoint of one binding: the user's --endpoint for its binding, else the card's interface, else
 * (JSON-RPC only) the agent URL when no card was found. Null when there is none. With `generation` (one
 * of several an agent serves), only the card's interfaces that claim it.
 */
export function endpointFor(
  agent: FoundAgent,
  transport: Transport,
  generation?: ProtocolGeneration,
): EndpointChoice | null {
  const given = agent.endpointOverride;
  if (given && given.transport === transport)
    return {
      url: given.url,
      transport,
      reason: `--endpoint (given by the user for ${transport}, whatever the card says there)`,
    };
  if (agent.validation) {
    // A relative interface URL is resolved against where the card was found (and stays a card error).
    const cardUrl = agent.discovery.found ? agent.discovery.url : undefined;
    if (generation !== undefined)
      return chooseEndpointFor(agent.validation.card, agent.agentUrl, transport, cardUrl, generation);
    return transport === "JSONRPC"
      ? chooseEndpoint(agent.validation.card, agent.agentUrl, cardUrl)
      : chooseEndpointFor(agent.validation.card, agent.agentUrl, transport, cardUrl);
  }
  return transport === "JSONRPC"
    ? { url: agent.agentUrl, transport, reason: "agent URL (no card found)" }
    : null;
}

/** The generation to start negotiating from: the interface's, the card's, or 0.3 without a card. */
function startingGeneration(agent: FoundAgent, endpoint: EndpointChoice): ProtocolGeneration {
  const stated = endpoint.protocolVersion ?? agent.validation?.card.protocolVersion ?? undefined;
  // A version that names no generation ("0.6") says nothing: the wire decides, newest first.
  if (stated !== undefined && generationOf(stated) === undefined) return "1.0";
  return (
    (endpoint.protocolVersion ? generationOf(endpoint.protocolVersion) : undefined) ??
    agent.validation?.card.generation ??
    "0.3"
  );
}

/** One binding Plainwright will talk over: its endpoint, the negotiated version and a client. */
export interface TransportTarget {
  transport: Transport;
  endpoint: EndpointChoice;
  generation: ProtocolGeneration;
  client: A2AClient;
  /** Negotiation notes, prefixed with the binding. */
  notes: string[];
  negotiation: Negotiation;
}

/** Confirms the version on the wire at a chosen endpoint and builds the client that speaks it. */
export async function openEndpoint(
  agent: FoundAgent,
  chosen: EndpointChoice,
  ctx: ClientContext,
  override?: ProtocolGeneration,
): Promise<TransportTarget> {
  let endpoint = chosen;
  // A2A 1.0.1 §3.3.4: an agent refuses a client that does not declare an extension its card marks required,
  // so every request activates them, as a client built for that agent would.
  const extensions = agent.validation?.card.requiredExtensions ?? [];
  // For an agent that takes messages only when they name one of its skills (src/client/skill-metadata.ts).
  const skillIds = (agent.validation?.card.skills ?? []).map((s) => s.id).filter((id) => id !== "");
  const clientContext = skillIds.length > 0 ? { ...ctx, skillIds } : ctx;
  const make = (
    generation: ProtocolGeneration,
    url = endpoint.url,
    withoutVersionHeader?: true,
    binding: Transport = endpoint.transport,
  ) =>
    createClient(
      {
        url,
        binding,
        generation,
        ...(endpoint.tenant ? { tenant: endpoint.tenant } : {}),
        ...(extensions.length > 0 ? { extensions } : {}),
        ...(withoutVersionHeader ? { withoutVersionHeader } : {}),
      },
      clientContext,
    );
  // The negotiation probe doubles as the warm-up request docs/conformance.md asks for before anything is timed.
  const stated = endpoint.protocolVersion ?? agent.validation?.card.protocolVersion ?? undefined;
  const evidence = {
    ...(agent.discovery.found ? { cardUrl: agent.discovery.url } : {}),
    ...(stated !== undefined && generationOf(stated) === undefined ? { unknownVersion: stated } : {}),
    ...(stated === undefined && agent.validation?.card.generation !== "1.0" ? { versionless: true } : {}),
  };
  const negotiateAt = (url: string, binding: Transport = endpoint.transport) =>
    negotiateGeneration(
      startingGeneration(agent, endpoint),
      (generation, withoutVersionHeader) => make(generation, url, withoutVersionHeader, binding),
      override,
      evidence,
    );
  let negotiation = await negotiateAt(endpoint.url);
  const searching = negotiation.source === "card" && !override && !agent.endpointOverride;
  const found = !searching
    ? undefined
    : endpoint.transport === "JSONRPC"
      ? await findJsonRpcEndpoint(agent, endpoint, negotiation, negotiateAt)
      : endpoint.transport === "HTTP+JSON" && negotiation.routesMissing
        ? await findInsteadOfRest(agent, endpoint, negotiation, negotiateAt)
        : undefined;
  if (found) {
    endpoint = found.endpoint;
    negotiation = found.negotiation;
  }
  if (agent.endpointOverride?.transport === endpoint.transport && agent.validation) {
    const declared = endpointFor({ ...agent, endpointOverride: undefined }, endpoint.transport);
    endpoint = (await cardUrlBesideOverride(declared, endpoint, negotiation, negotiateAt)) ?? endpoint;
  }
  const transport = endpoint.transport;
  const them = extensions.length === 1 ? "it" : "them";
  const activated =
    extensions.length > 0
      ? [
          `the card marks ${extensions.join(", ")} required: every request activates ${them} (without implementing ${them})`,
        ]
      : [];
  return {
    transport,
    endpoint,
    generation: negotiation.generation,
    client: make(negotiation.generation, endpoint.url, negotiation.withoutVersionHeader),
    notes: [...negotiation.notes, ...activated].map((n) => `${transport}: ${n}`),
    negotiation,
  };
}

/** Resolves the endpoint of one binding, negotiates the version and builds its client; undefined when none. */
export async function connectBinding(
  agent: FoundAgent,
  transport: Transport,
  ctx: ClientContext,
  override?: ProtocolGeneration,
): Promise<TransportTarget | undefined> {
  const endpoint = endpointFor(agent, transport);
  return endpoint ? openEndpoint(agent, endpoint, ctx, override) : undefined;
}

/** An agent Plainwright has found, read and can talk to on one interface. */
export interface Connection {
  agent: FoundAgent;
  endpoint: EndpointChoice;
  negotiation: Negotiation;
  client: A2AClient;
}

export type ConnectResult =
  { ok: true; connection: Connection } | { ok: false; reason: string; agent?: FoundAgent };

export interface ConnectOptions {
  agentUrl: string;
  ctx: ClientContext;
  /** Which binding to talk over; default the --endpoint's, else JSON-RPC (docs/test-files.md). */
  transport?: Transport;
  /** --protocol: skip wire negotiation. */
  protocolOverride?: ProtocolGeneration;
  /** --endpoint: the interface to use whatever the card says. */
  endpointOverride?: EndpointOverride;
  /** A card found before (the inspector keeps one per page): discovery is not repeated. */
  found?: FoundAgent;
  /** Go on without a card, at the agent URL (a conversation's target: the card only finds the endpoint). */
  cardOptional?: boolean;
}

/** The binding a run talks over when the user did not choose one. */
export function defaultTransport(opts: {
  transport?: Transport;
  endpointOverride?: EndpointOverride;
}): Transport {
  return opts.transport ?? opts.endpointOverride?.transport ?? "JSONRPC";
}

/** Finds the card (unless given), picks the interface for the binding, confirms the version on the wire, and builds a client. */
export async function connectAgent(opts: ConnectOptions): Promise<ConnectResult> {
  const agent = opts.found ?? (await findAgent(opts.agentUrl, opts.ctx, opts.endpointOverride));
  if (!agent.discovery.found && !agent.endpointOverride && !opts.cardOptional) {
    const tried = agent.discovery.tried.map((t) => `${t.url}: ${t.outcome}`).join("; ");
    return { ok: false, reason: `no agent card found (tried ${tried})`, agent };
  }
  const transport = defaultTransport(opts);
  const target = await connectBinding(agent, transport, opts.ctx, opts.protocolOverride);
  if (!target) return { ok: false, reason: `the card advertises no ${transport} interface`, agent };
  const { endpoint, negotiation, client } = target;
  return { ok: true, connection: { agent, endpoint, negotiation, client } };
}
