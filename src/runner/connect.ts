import { discoverCard, type DiscoveryResult } from "../card/discover.js";
import { chooseEndpoint, chooseEndpointFor } from "../card/endpoint.js";
import type { CardValidation, EndpointChoice } from "../card/types.js";
import type { Transport } from "../protocol/transport.js";
import { validateCard } from "../card/validate.js";
import { createClient } from "../client/create-client.js";
import { negotiateGeneration, type Negotiation } from "../client/negotiate.js";
import type { A2AClient, ClientContext } from "../client/types.js";
import { generationOf, type ProtocolGeneration } from "../protocol/generation.js";

/** An agent Plainwright has found, read and can talk to on one interface. */
export interface Connection {
  discovery: Extract<DiscoveryResult, { found: true }>;
  validation: CardValidation;
  endpoint: EndpointChoice;
  negotiation: Negotiation;
  client: A2AClient;
}

export type ConnectResult =
  | { ok: true; connection: Connection }
  | { ok: false; reason: string; discovery?: DiscoveryResult; validation?: CardValidation };

export interface ConnectOptions {
  agentUrl: string;
  ctx: ClientContext;
  /** Which binding to talk over; default JSON-RPC (seed 000). */
  transport?: Transport;
  /** --protocol: skip wire negotiation. */
  protocolOverride?: ProtocolGeneration;
}

/** Finds the card, picks the interface for the binding, confirms the version on the wire, and builds a client. */
export async function connectAgent(opts: ConnectOptions): Promise<ConnectResult> {
  const discovery = await discoverCard(opts.agentUrl, {
    headers: opts.ctx.headers,
    policy: opts.ctx.policy,
    traffic: opts.ctx.traffic,
    timeoutMs: opts.ctx.timeoutMs,
  });
  if (!discovery.found) {
    return {
      ok: false,
      reason: `no agent card found (tried ${discovery.tried.map((t) => `${t.url}: ${t.outcome}`).join("; ")})`,
      discovery,
    };
  }
  const validation = validateCard(discovery.card);
  const transport = opts.transport ?? "JSONRPC";
  const target = await connectBinding(transport, validation, opts.agentUrl, opts.ctx, opts.protocolOverride);
  if (!target)
    return { ok: false, reason: `the card advertises no ${transport} interface`, discovery, validation };
  const { endpoint, negotiation, client } = target;
  return { ok: true, connection: { discovery, validation, endpoint, negotiation, client } };
}

/** One binding Plainwright will test: its endpoint, the negotiated version and a client. */
export interface TransportTarget {
  transport: Transport;
  endpoint: EndpointChoice;
  generation: ProtocolGeneration;
  client: A2AClient;
  /** Negotiation notes, prefixed with the binding. */
  notes: string[];
  negotiation: Negotiation;
}

/** Resolves the endpoint of one binding, negotiates the version and builds its client. */
export async function connectBinding(
  transport: Transport,
  validation: CardValidation,
  agentUrl: string,
  ctx: ClientContext,
  override?: ProtocolGeneration,
): Promise<TransportTarget | undefined> {
  const endpoint =
    transport === "JSONRPC"
      ? chooseEndpoint(validation.card, agentUrl)
      : chooseEndpointFor(validation.card, agentUrl, transport);
  if (!endpoint) return undefined;
  const cardGeneration =
    (endpoint.protocolVersion ? generationOf(endpoint.protocolVersion) : undefined) ??
    validation.card.generation;
  const make = (generation: ProtocolGeneration) =>
    createClient(
      {
        url: endpoint.url,
        binding: transport,
        generation,
        ...(endpoint.tenant ? { tenant: endpoint.tenant } : {}),
      },
      ctx,
    );
  // The negotiation probe doubles as the warm-up request seed 003 asks for before anything is timed.
  const negotiation = await negotiateGeneration(cardGeneration, make, override);
  return {
    transport,
    endpoint,
    generation: negotiation.generation,
    client: make(negotiation.generation),
    notes: negotiation.notes.map((n) => `${transport}: ${n}`),
    negotiation,
  };
}
