import type { AgentAuth } from "./auth.js";
import type { AgentProtocol, FlawDefinition, JsonObject } from "./types.js";

/**
 * The skill only the extended card lists: A2A 1.0.1 §13.3 lets an extended card include skills the
 * public card does not, which is what makes serving it without credentials a leak.
 */
const PARTNER_SKILL = {
  id: "order-escalations",
  name: "Order escalations",
  description: "Escalates a disputed order to the shop's support staff with its full case history.",
  tags: ["escalations", "orders"],
  examples: ["Escalate order #4411: the refund was refused twice."],
};

/**
 * Whether the agent serves an extended card, from its option and its flaw. Only in A2A 1.0 (0.3 keeps
 * its card as it is) and only behind a bearer token: §13.3 says the operation MUST require authentication.
 */
export function resolveExtendedCard(
  option: boolean | undefined,
  flaw: FlawDefinition | undefined,
  auth: AgentAuth | undefined,
  protocol: AgentProtocol,
): boolean {
  if (!option && !flaw?.extendedCard) return false;
  if (protocol !== "1.0") throw new Error("The extended agent card is served in A2A 1.0 only.");
  if (!auth)
    throw new Error(
      "The extended agent card needs a bearer token (bearerToken): A2A 1.0.1 §13.3 says Get Extended Agent Card MUST require authentication.",
    );
  return true;
}

/** The 1.0 card claiming the extended card (A2A 1.0.1 §3.1.11: the operation is available only then). */
export function withExtendedCardClaim(card: JsonObject): JsonObject {
  const capabilities = (card.capabilities ?? {}) as JsonObject;
  return { ...card, capabilities: { ...capabilities, extendedAgentCard: true } };
}

/** The extended card: the public card (before any flaw, unsigned) plus the partner skill. */
export function extendedCardOf(card: JsonObject): JsonObject {
  const skills: unknown[] = Array.isArray(card.skills) ? card.skills : [];
  return { ...structuredClone(card), skills: [...structuredClone(skills), structuredClone(PARTNER_SKILL)] };
}
