import { defineCheck } from "../define.js";
import { judgeExtendedCard } from "./extended-card.js";

export default defineCheck({
  id: "card.extended-card-0x",
  title: "A claimed authenticated extended card is served, or reported as not configured (A2A 0.3)",
  category: "card",
  level: "SHOULD",
  levelReason:
    'A2A 0.3 §7.10 says the method "is available only if AgentCard.supportsAuthenticatedExtendedCard is true" and §8.2 defines -32007 for an agent with none configured, without a keyword for serving the claim; the MUST is 1.0.1 §3.3.4\'s (card.extended-card).',
  splitOf: "card.extended-card",
  requirement:
    "When the card sets supportsAuthenticatedExtendedCard, agent/getAuthenticatedExtendedCard (with the credentials given) returns a valid agent card, or AuthenticatedExtendedCardNotConfiguredError (-32007) when none is configured; not MethodNotFound.",
  spec: "A2A 0.3 §7.10 (agent/getAuthenticatedExtendedCard), §8.2 (-32007), §5.5 supportsAuthenticatedExtendedCard",
  recommendation:
    "Serve agent/getAuthenticatedExtendedCard when the card sets supportsAuthenticatedExtendedCard: the extended card to authenticated clients, or AuthenticatedExtendedCardNotConfiguredError (-32007) until one is configured; or stop claiming it.",
  noSelfTest:
    "The reference agent's 0.3 card claims no extended card: the mutation extended-card-claimed-unserved-0-3 claims one on every 0.3 agent of the lab and answers the method MethodNotFound; card.extended-card shares the run and is proven by card-claims-extended-card.",
  scope: "transport",
  needs: ["extendedAgentCard"],
  generations: ["0.3"],
  run: judgeExtendedCard,
});
