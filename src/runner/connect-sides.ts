import { claimedGenerations } from "../card/endpoint.js";
import type { EndpointChoice } from "../card/types.js";
import { validateCard } from "../card/validate.js";
import type { ProtocolGeneration } from "../model/generation.js";
import type { Transport } from "../model/transport.js";
import { recordNegotiation } from "./card-section.js";
import { bindingsToTest } from "./conformance-setup.js";
import { endpointFor, openEndpoint, type TransportTarget } from "./connect.js";
import type { GenerationSide } from "./generation-sides.js";
import type { Reached } from "./reach.js";
import type { Run } from "./run.js";

// The conformance suite's connections: every binding of every generation the agent serves (generation-sides.ts).

/** One generation of the agent with the bindings connected for it. */
export interface ConnectedSide {
  side: GenerationSide;
  targets: TransportTarget[];
  /**
   * Targets whose wire speaks what another side already tests there: the card's claim about them is still
   * judged (the card checks), nothing else is run twice.
   */
  echoes: ReadonlySet<TransportTarget>;
}

/**
 * Connects every binding of every side. A side's interface that speaks, on the wire, a generation another
 * side already tests on that binding is that side again: only its card checks run on it, and a warning
 * says so.
 */
export async function connectSides(
  run: Run,
  reached: Reached,
  sides: readonly GenerationSide[],
  wanted: readonly Transport[] | undefined,
  protocolOverride: ProtocolGeneration | undefined,
): Promise<ConnectedSide[]> {
  const { result, emit } = run;
  const several = sides.length > 1;
  const connected: ConnectedSide[] = [];
  for (const side of sides) {
    const targets: TransportTarget[] = [];
    const echoes = new Set<TransportTarget>();
    const { validation = validateCard(null) } = side.agent;
    for (const transport of bindingsToTest(validation, wanted, reached.override)) {
      emit({ type: "connecting", transport, ...(several ? { generation: side.generation } : {}) });
      const endpoint = sideEndpoint(side, sides[0], transport);
      if (!endpoint) continue;
      const target = await openEndpoint(side.agent, endpoint, reached.ctx, protocolOverride);
      const twin = connected.some((c) =>
        c.targets.some((t) => t.transport === target.transport && t.generation === target.generation),
      );
      if (twin) {
        echoes.add(target);
        result.warnings.push(
          `${target.transport}: the card's A2A ${side.generation} interface at ${target.endpoint.url} speaks ${target.generation} on the wire, which is tested already; only the card's checks judge it`,
        );
      }
      targets.push(target);
      for (const note of twin ? [] : target.notes)
        result.warnings.push(several ? `A2A ${side.generation}, ${note}` : note);
      if (target.negotiation.mismatch) recordNegotiation(result, { ...target.negotiation, notes: [] });
    }
    if (targets.length === 0) continue;
    const asRead = cardAsTheWireReadsIt(side, targets[0]?.generation);
    if (asRead !== side)
      result.warnings.push(
        `the card states no protocolVersion and the agent speaks A2A 1.0 on the wire: the card is judged as the one A2A 1.0 clients read`,
      );
    connected.push({ side: asRead, targets, echoes });
  }
  return connected;
}

/**
 * The one side of a run (--endpoint, --protocol or a card read as one generation) whose card states no
 * version, where the wire speaks A2A 1.0: the card is the one 1.0 clients read and is judged as theirs (seen
 * at first sight: a versionless card that lists no interface a 1.0 client can find passed as "no problems",
 * as the agent answered no probe of generation-sides.ts the way a 1.0 agent would, yet spoke 1.0).
 */
function cardAsTheWireReadsIt(side: GenerationSide, wire: ProtocolGeneration | undefined): GenerationSide {
  const { agent } = side;
  const card = agent.validation?.card;
  if (side.generation !== undefined || wire !== "1.0" || !agent.discovery.found || !card) return side;
  if (card.protocolVersion !== null || claimedGenerations(card).includes("1.0")) return side;
  return { ...side, agent: { ...agent, validation: validateCard(agent.discovery.card, "1.0") } };
}

/**
 * A side's endpoint for a binding: its card's interface of its generation; else, when its card names none
 * that can be called (a 1.0 card with broken interfaces), the first side's endpoint for the binding, spoken
 * from that generation on (the wire decides). Null when neither has one.
 */
function sideEndpoint(
  side: GenerationSide,
  first: GenerationSide | undefined,
  transport: Transport,
): EndpointChoice | null {
  const own = endpointFor(side.agent, transport, side.generation);
  if (own || side.generation === undefined || !first || first === side) return own;
  const fallback = endpointFor(first.agent, transport, first.generation);
  return fallback
    ? {
        ...fallback,
        protocolVersion: side.generation,
        reason: `${fallback.reason}; the A2A ${side.generation} card names no ${transport} interface that can be called`,
      }
    : null;
}
