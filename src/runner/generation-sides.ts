import { randomUUID } from "node:crypto";
import { fetchCardAs } from "../card/discover.js";
import { callJsonRpc } from "../client/jsonrpc.js";
import { a2aCodes } from "../protocol/error-codes.js";
import { claimedGenerations } from "../card/endpoint.js";
import type { CardValidation } from "../card/types.js";
import { validateCard } from "../card/validate.js";
import type { ClientContext } from "../client/types.js";
import type { RunResult } from "../model/result.js";
import { generationOf, type ProtocolGeneration } from "../model/generation.js";
import { endpointFor, type FoundAgent } from "./connect.js";

/**
 * One protocol generation of an agent the suite tests: the card a client of that generation reads, and
 * the generation, whose interfaces on that card are the ones tested.
 */
export interface GenerationSide {
  /** Unset when the agent serves one generation: then the card's interfaces are taken as they are. */
  generation?: ProtocolGeneration;
  agent: FoundAgent;
  /** No earlier side read the same card: the agent-wide checks (the card's) run on this one. */
  judgesCard: boolean;
}

/** The request header that names the generation a client speaks (A2A 1.0.1 §3.6.1). */
const VERSION_HEADER = "a2a-version";

const asksForVersion = (headers: Readonly<Record<string, string>>): boolean =>
  Object.keys(headers).some((h) => h.toLowerCase() === VERSION_HEADER);

/**
 * The card as a 1.0 client reads it (A2A 1.0.1 §3.6.1: a 1.0 client sends A2A-Version with each request,
 * the card's included), when the plain card claims no 1.0 and that request gets a card that does: an agent
 * that serves 1.0 beside an older generation at one URL. Undefined otherwise, and when the user sent an
 * A2A-Version of their own (then the plain card already is the one they asked for).
 */
export async function oneZeroCard(
  agent: FoundAgent,
  ctx: ClientContext,
): Promise<{ agent: FoundAgent; note: string } | undefined> {
  const { discovery, validation } = agent;
  if (!discovery.found || !validation || asksForVersion(ctx.headers)) return undefined;
  if (claimedGenerations(validation.card).includes("1.0")) return undefined;
  const asked = await fetchCardAs(discovery, "1.0", {
    headers: ctx.headers,
    policy: ctx.policy,
    traffic: ctx.traffic,
    timeoutMs: ctx.timeoutMs,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  const read = asked ? validateCard(asked.card) : undefined;
  if (!asked || !read) return undefined;
  const plain = validation.card.protocolVersion ?? validation.card.generation;
  // A 1.0 card whose interfaces are broken is still the card 1.0 clients read: its shape says 1.0.
  if (read.card.generation === "1.0" || claimedGenerations(read.card).includes("1.0"))
    return {
      agent: { ...agent, discovery: asked, validation: read },
      note: `${discovery.url} answers a request with A2A-Version: 1.0 with a card that claims A2A 1.0 (the plain card claims ${plain})`,
    };
  // A card of its own for 1.0 clients that states no version, from an agent whose endpoint answers 1.0: it is
  // the card those clients read, judged as theirs (the wire decides; the card claims nothing).
  if (read.card.protocolVersion !== null || JSON.stringify(asked.card) === JSON.stringify(discovery.card))
    return undefined;
  const versionless = { ...agent, discovery: asked, validation: read };
  const onWire = await oneZeroOnWire(versionless, ctx);
  if (!onWire) return undefined;
  return {
    agent: { ...versionless, validation: validateCard(asked.card, "1.0") },
    note: `${discovery.url} answers a request with A2A-Version: 1.0 with a card of its own that states no version (the plain card claims ${plain}), and ${onWire}`,
  };
}

/**
 * Whether the wire shows A2A 1.0 where the card states no version at all: the card's JSON-RPC endpoint
 * answers one 1.0 GetTask of a task that does not exist (sent with A2A-Version: 1.0) with TaskNotFound, as
 * only an agent that serves 1.0 there does (one that does not answers MethodNotFound). The card is a claim,
 * and a card without protocolVersion claims nothing; 1.0.1 §3.6.2 lets an agent serve several generations.
 */
async function oneZeroOnWire(agent: FoundAgent, ctx: ClientContext): Promise<string | undefined> {
  const card = agent.validation?.card;
  if (!card || card.protocolVersion !== null || claimedGenerations(card).includes("1.0")) return undefined;
  const endpoint = endpointFor(agent, "JSONRPC");
  if (!endpoint) return undefined;
  const outcome = await callJsonRpc({
    url: endpoint.url,
    method: "GetTask",
    params: { id: `plainwright-missing-${randomUUID()}` },
    headers: { ...ctx.headers, "A2A-Version": "1.0" },
    timeoutMs: ctx.timeoutMs,
    policy: ctx.policy,
    traffic: ctx.traffic,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  if (outcome.kind !== "error" || outcome.error.code !== a2aCodes.taskNotFound) return undefined;
  return `${endpoint.url} answers A2A 1.0's GetTask (TaskNotFound for a task that does not exist)`;
}

/**
 * The generations to test. A2A 1.0.1 §3.6.2: "Agents CAN expose multiple interfaces for the same transport
 * with different versions under the same or different URLs", so every generation a card claims becomes a
 * side, the card a 1.0 client reads included (oneZeroCard). One side, the card as it is, when the user
 * chose: --protocol, --endpoint, or an A2A-Version header of their own.
 */
export async function generationSides(
  agent: FoundAgent,
  ctx: ClientContext,
  protocolOverride?: ProtocolGeneration,
): Promise<{ sides: GenerationSide[]; notes: string[] }> {
  const single = { sides: [{ agent, judgesCard: true }], notes: [] };
  const { validation } = agent;
  if (!validation || agent.endpointOverride || protocolOverride) return single;
  const other = await oneZeroCard(agent, ctx);
  const onWire = other ? undefined : await oneZeroOnWire(agent, ctx);
  if (onWire && agent.discovery.found) {
    // The card states no version, and 1.0 clients read it too: it is judged as theirs, on the 1.0 side.
    const asOneZero = { ...agent, validation: validateCard(agent.discovery.card, "1.0") };
    const sides: GenerationSide[] = [
      ...claimedGenerations(validation.card).map((generation) => ({ generation, agent, judgesCard: false })),
      { generation: "1.0", agent: asOneZero, judgesCard: true },
    ];
    return {
      sides,
      notes: [
        `the card states no protocolVersion, and ${onWire}: A2A 1.0 is tested beside what the card reads as, each finding names its own`,
      ],
    };
  }
  const cards: FoundAgent[] = other ? [agent, other.agent] : [agent];
  const sides: GenerationSide[] = [];
  for (const found of cards) {
    const card = (found.validation ?? validation).card;
    // The card read as a 1.0 client reads it is the 1.0 side's, whatever its interfaces claim.
    const claimed =
      found === other?.agent ? ["1.0" as const, ...claimedGenerations(card)] : claimedGenerations(card);
    for (const generation of claimed) {
      if (sides.some((s) => s.generation === generation)) continue;
      sides.push({ generation, agent: found, judgesCard: !sides.some((s) => s.agent === found) });
    }
  }
  if (sides.length < 2) return single;
  const claimed = other
    ? other.note
    : `the card claims A2A ${sides.map((s) => s.generation).join(" and ")} on its interfaces`;
  return { sides, notes: [`${claimed}: each generation is tested, each finding names its own`] };
}

/**
 * The card as the wire reads it. Where it states no version and every binding of its side speaks 0.1: a 0.1
 * card, whose description, default modes and skill descriptions are optional (0.1.0 §5.5), not the 0.2 card
 * its shape alone reads as. Where it states 1.0 without supportedInterfaces and every binding speaks one 0.x
 * generation: a 0.x card with a wrong version (card.protocol-version-matches-wire's one finding), not a 1.0
 * card without its interfaces (seen at first sight: "1.0.0" on 0.1). Undefined when judged as it was read.
 */
export function cardAsWireReads(
  agent: FoundAgent,
  spoken: readonly ProtocolGeneration[],
): CardValidation | undefined {
  const card = agent.validation?.card;
  const [wire] = spoken;
  if (!agent.discovery.found || !card || wire === undefined || spoken.some((g) => g !== wire))
    return undefined;
  if (card.protocolVersion === null && wire === "0.1") return validateCard(agent.discovery.card, "0.1");
  const raw = agent.discovery.card;
  const claims10 = card.protocolVersion !== null && generationOf(card.protocolVersion) === "1.0";
  const noInterfaces = typeof raw === "object" && raw !== null && !("supportedInterfaces" in raw);
  return claims10 && noInterfaces && wire !== "1.0" ? validateCard(raw, wire) : undefined;
}

/** A card read as the wire reads it (cardAsWireReads) is judged so: the card section says so. */
export function recordCardAsWireReads(
  result: RunResult,
  connected: ReadonlyArray<{
    side: GenerationSide;
    targets: ReadonlyArray<{ generation: ProtocolGeneration }>;
  }>,
): void {
  const [firstSide] = connected;
  const asWire =
    firstSide &&
    cardAsWireReads(
      firstSide.side.agent,
      firstSide.targets.map((t) => t.generation),
    );
  if (!asWire || !result.card) return;
  result.card = { ...result.card, errors: asWire.errors, warnings: asWire.warnings };
  result.scores.card = asWire.errors.length === 0 ? 1 : 0;
}
