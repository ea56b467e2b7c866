import type { AgentProtocol, FlawDefinition, FlawInfo } from "../types.js";
import { CARD_FLAWS } from "./card.js";
import { DISCOVERY_FLAWS } from "./discovery.js";
import { PROTOCOL_FLAWS } from "./protocol.js";
import { SMOKE_FLAWS } from "./smoke.js";
import { LIFECYCLE_FLAWS } from "./lifecycle.js";
import { PARAMS_FLAWS } from "./params.js";
import { HISTORY_FLAWS } from "./history.js";
import { MULTI_TURN_FLAWS } from "./multi-turn.js";
import { STREAMING_FLAWS } from "./streaming.js";
import { ERROR_FLAWS } from "./errors.js";
import { REST_ERROR_FLAWS } from "./rest-errors.js";
import { AUTH_FLAWS, SCOPE_FLAWS } from "./auth.js";
import { PUSH_FLAWS } from "./push.js";
import { TRANSPORT_FLAWS } from "./transport.js";
import { GRPC_FLAWS } from "./grpc.js";
import { VARIANT_FLAWS } from "./variants.js";

/** Every flaw, grouped by the area it breaks; the only registry. */
export const FLAWS: readonly FlawDefinition[] = [
  ...CARD_FLAWS,
  ...DISCOVERY_FLAWS,
  ...SMOKE_FLAWS,
  ...PROTOCOL_FLAWS,
  ...LIFECYCLE_FLAWS,
  ...PARAMS_FLAWS,
  ...HISTORY_FLAWS,
  ...MULTI_TURN_FLAWS,
  ...STREAMING_FLAWS,
  ...ERROR_FLAWS,
  ...REST_ERROR_FLAWS,
  ...AUTH_FLAWS,
  ...SCOPE_FLAWS,
  ...PUSH_FLAWS,
  ...TRANSPORT_FLAWS,
  ...GRPC_FLAWS,
  ...VARIANT_FLAWS,
];

/** The public description of every flaw, without its hooks. */
export function listFlaws(): FlawInfo[] {
  return FLAWS.map(({ name, category, protocols, description, expect, allowed }) => ({
    name,
    category,
    protocols: [...protocols],
    description,
    expect,
    ...(allowed ? { allowed } : {}),
  }));
}

/** Finds a flaw and checks it applies to the protocol; throws a clear Error otherwise. */
export function resolveFlaw(name: string | undefined, protocol: AgentProtocol): FlawDefinition | undefined {
  if (name === undefined || name === "") return undefined;
  const flaw = FLAWS.find((candidate) => candidate.name === name);
  if (!flaw) {
    throw new Error(`Unknown flaw "${name}". Known flaws: ${FLAWS.map((f) => f.name).join(", ")}.`);
  }
  if (!flaw.protocols.includes(protocol)) {
    throw new Error(
      `Flaw "${name}" does not apply to protocol ${protocol} (it applies to ${flaw.protocols.join(", ")}).`,
    );
  }
  return flaw;
}
