import { z } from "zod";
import { discoverCard } from "../card/discover.js";
import { chooseEndpoint } from "../card/endpoint.js";
import { validateCard } from "../card/validate.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { TrafficLog } from "../net/traffic.js";
import type { ProtocolGeneration } from "../protocol/generation.js";

/** Seed 000 "A2A as a target elsewhere": `{"type": "a2a", "agent_url": "..."}` in conversation and red-team tests. */
export const a2aTargetSchema = z.object({
  type: z.literal("a2a"),
  agent_url: z.string().min(1, "is required"),
  headers: z.record(z.string(), z.string()).optional(),
});

export type A2ATarget = z.infer<typeof a2aTargetSchema>;

/** Where to send a conversation's messages, and in which protocol generation. */
export interface ResolvedA2ATarget {
  endpoint: string;
  generation: ProtocolGeneration;
  /** Where the card was found; null when none was, and the agent URL is used. */
  card_url: string | null;
  reason: string;
}

export interface ResolveTargetOptions {
  policy: OutboundPolicy;
  traffic?: TrafficLog;
  timeoutMs?: number;
}

/**
 * Uses the agent card only to find the JSON-RPC endpoint; the card is not validated and its errors
 * never fail anything. Without a card, the agent URL itself is the endpoint, spoken to as A2A 0.3
 * (the turn logic still falls back to tasks/send on -32601).
 */
export async function resolveA2ATarget(
  target: string | A2ATarget,
  opts: ResolveTargetOptions,
): Promise<ResolvedA2ATarget> {
  const agentUrl = typeof target === "string" ? target : target.agent_url;
  const headers = typeof target === "string" ? {} : (target.headers ?? {});
  const discovery = await discoverCard(agentUrl, {
    headers,
    policy: opts.policy,
    ...(opts.traffic ? { traffic: opts.traffic } : {}),
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
  });
  if (!discovery.found) {
    return { endpoint: agentUrl, generation: "0.3", card_url: null, reason: "agent URL (no card found)" };
  }
  const { card } = validateCard(discovery.card);
  const endpoint = chooseEndpoint(card, agentUrl);
  return {
    endpoint: endpoint.url,
    generation: card.generation,
    card_url: discovery.url,
    reason: endpoint.reason,
  };
}
