import type { CardValidation } from "../../card/types.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import type { A2AClient } from "../../client/types.js";
import type { CheckContext, PeerAgent } from "../types.js";

/** One side of an interop run: the agent under test or its peer. */
export interface Side {
  label: "agent" | "peer";
  url: string;
  validation: CardValidation;
  client: A2AClient;
  generation: ProtocolGeneration;
  /** The ordinary message for this side: its first skill example (checks never judge the answer). */
  message: string;
}

const GENERIC = "Hello! In one or two sentences, what can you help me with?";

/** The message a side is sent: its card's first skill example, else a generic question. */
export function firstExample(validation: CardValidation): string {
  return validation.card.skills.flatMap((s) => s.examples).find((e) => e.trim() !== "") ?? GENERIC;
}

/** Both sides of the run; call only when the `peer` need is met. */
export function sides(ctx: CheckContext, peer: PeerAgent): [Side, Side] {
  return [
    {
      label: "agent",
      url: ctx.agentUrl,
      validation: ctx.validation,
      client: ctx.client,
      generation: ctx.generation,
      message: ctx.fixtures.message,
    },
    {
      label: "peer",
      url: peer.agentUrl,
      validation: peer.validation,
      client: peer.client,
      generation: peer.generation,
      message: firstExample(peer.validation),
    },
  ];
}

/** The traffic ids of the card requests made to a side's origin (evidence). */
export function cardRequests(ctx: CheckContext, side: Side): string[] {
  const origin = new URL(side.url).origin;
  return ctx.clientContext.traffic
    .entries()
    .filter((e) => e.label === "card" && e.url.startsWith(origin) && e.status === 200)
    .map((e) => e.id)
    .slice(0, 1);
}
