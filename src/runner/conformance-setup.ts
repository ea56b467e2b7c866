import type { DiscoveryResult } from "../card/discover.js";
import type { Jwk } from "../card/jws.js";
import type { CardValidation } from "../card/types.js";
import { supportedBindings } from "../client/create-client.js";
import { JsonRpcA2AClient } from "../client/jsonrpc-binding.js";
import type { ClientContext } from "../client/types.js";
import { Fixtures } from "../checks/fixtures.js";
import type { CheckContext, OtherCaller, PeerAgent, RoutelessInterface } from "../checks/types.js";
import { parseTransport, type Transport } from "../model/transport.js";
import type { TransportTarget } from "./connect.js";

/**
 * The bindings to test: every one the card advertises that Plainwright speaks, and the --endpoint's,
 * narrowed by --transport.
 */
export function bindingsToTest(
  validation: CardValidation,
  only?: readonly Transport[],
  endpointOverride?: { transport: Transport },
): Transport[] {
  const advertised = new Set(
    validation.card.interfaces
      .map((i) => parseTransport(i.transport))
      .filter((t): t is Transport => t !== undefined),
  );
  // A card that names no usable interface is still tested over JSON-RPC at the fallback endpoint of docs/test-files.md (the agent URL).
  if (advertised.size === 0) advertised.add("JSONRPC");
  if (endpointOverride) advertised.add(endpointOverride.transport);
  const speakable = supportedBindings().filter((t) => advertised.has(t));
  return only ? speakable.filter((t) => only.includes(t)) : speakable;
}

/** The ordinary message: a skill example when the card offers one (checks never depend on the answer). */
export function ordinaryMessage(validation: CardValidation): string {
  return (
    validation.card.skills.flatMap((s) => s.examples).find((e) => e.trim() !== "") ??
    "Hello! In one or two sentences, what can you help me with?"
  );
}

export interface ContextInputs {
  agentUrl: string;
  discovery: Extract<DiscoveryResult, { found: true }>;
  validation: CardValidation;
  targets: readonly TransportTarget[];
  clientContext: ClientContext;
  credentialsGiven: boolean;
  hints: Readonly<Record<string, string>>;
  cardKeys?: readonly Jwk[];
  checkTimeoutMs: number;
  /** Told how long the agent's tasks take (see work-pace.ts). */
  onTaskTimed?: (ms: number) => void;
  peer?: PeerAgent;
  otherCaller?: OtherCaller;
  /** Interfaces left out of the run for serving none of their routes (CheckContext.routeless). */
  routeless?: readonly RoutelessInterface[];
  /** The side's card is judged by another side's agent-wide checks (CheckContext.cardJudgedElsewhere). */
  cardJudgedElsewhere?: true;
}

const rpcOf = (client: JsonRpcA2AClient) => (method: string, params?: unknown) =>
  client.rawCall(method, params);

/** One check context per binding under test, sharing the card, the clients and the traffic log. */
export function buildContexts(inputs: ContextInputs): CheckContext[] {
  const clients = new Map(inputs.targets.map((t) => [t.transport, t.client] as const));
  const endpoints = new Map(inputs.targets.map((t) => [t.transport, t.endpoint] as const));
  // The user's own message comes first: an agent may take only input of its own form (seen at first sight: a
  // template of named lines, anything else refused -32602), which no card says.
  const message = inputs.hints.message ?? ordinaryMessage(inputs.validation);
  return inputs.targets.map((t) => ({
    agentUrl: inputs.agentUrl,
    cardUrl: inputs.discovery.url,
    rawCard: inputs.discovery.card,
    cardHeaders: inputs.discovery.headers,
    validation: inputs.validation,
    transport: t.transport,
    endpoint: t.endpoint,
    generation: t.generation,
    ...(t.negotiation.source === "wire" ? { generationOnWire: true } : {}),
    ...(t.negotiation.source === "override" ? { generationForced: true as const } : {}),
    ...(inputs.cardJudgedElsewhere ? { cardJudgedElsewhere: true } : {}),
    client: t.client,
    ...(t.client instanceof JsonRpcA2AClient ? { rpc: rpcOf(t.client) } : {}),
    clients,
    endpoints,
    clientContext: inputs.clientContext,
    credentialsGiven: inputs.credentialsGiven,
    hints: inputs.hints,
    ...(inputs.cardKeys ? { cardKeys: inputs.cardKeys } : {}),
    fixtures: new Fixtures(t.client, {
      message,
      examples: inputs.validation.card.skills.flatMap((s) => s.examples),
      streaming: inputs.validation.card.capabilities.streaming,
      hints: inputs.hints,
      budgetMs: inputs.checkTimeoutMs,
      ...(inputs.onTaskTimed ? { onTaskTimed: inputs.onTaskTimed } : {}),
    }),
    timeoutMs: inputs.checkTimeoutMs,
    ...(inputs.peer ? { peer: inputs.peer } : {}),
    ...(inputs.otherCaller ? { otherCaller: inputs.otherCaller } : {}),
    ...(inputs.routeless ? { routeless: inputs.routeless } : {}),
  }));
}
