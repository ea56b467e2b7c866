import type { ProtocolGeneration } from "../model/generation.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";
import { probe, servesOnly03Method, type ProbeAnswer } from "./negotiate-probe.js";
import type { A2AClient } from "./types.js";

/** Which generation Plainwright speaks to an interface, and how it knows. */
export interface Negotiation {
  generation: ProtocolGeneration;
  /** "override": --protocol; "wire": confirmed by the agent's answer; "card": nothing was confirmed. */
  source: "override" | "wire" | "card";
  notes: string[];
  /** Set when the agent speaks another generation than the card says (either direction). */
  mismatch?: { card: ProtocolGeneration; wire: ProtocolGeneration; message: string };
  /** The probes' traffic entries. */
  trafficIds: string[];
  /**
   * The agent refused `A2A-Version: 1.0` (-32009) yet understood 1.0's send without the header: its 1.0
   * requests go without it (ClientTarget.withoutVersionHeader), and errors.version-served reports the refusal.
   */
  withoutVersionHeader?: true;
  /**
   * Set when the first probe reached nobody (the connection was refused, or the name does not resolve):
   * why, in one line. Nothing there answered, so nothing there can be judged.
   */
  nothingAnswers?: string;
  /**
   * Set when nothing was confirmed and every probe was answered as a route or method that does not exist
   * (a framework's 404 page, -32601): the interface serves no A2A binding of the kind the card declares.
   */
  routesMissing?: true;
}

/** Every probe sent met a route or method that does not exist (and at least one was sent). */
const routesMissing = (answers: readonly ProbeAnswer[]) =>
  answers.some((a) => a.verdict === "method-not-found") &&
  answers.every((a) => a.verdict === "method-not-found" || a.verdict === "no-binding");

// 0.2 and 0.3 share the send method's name, so the send probe alone cannot tell them apart.
const era = (g: ProtocolGeneration) => (g === "0.2" ? "0.3" : g);

/** The generations to try: the card's first, then the others, newest first (0.1 only over JSON-RPC). */
function candidates(card: ProtocolGeneration, jsonRpc: boolean): ProtocolGeneration[] {
  // Over HTTP+JSON and gRPC a 0.2 card cannot be right (0.2 defines neither binding), so 0.3 is tried too.
  const others = (["1.0", "0.3", "0.1"] as const).filter(
    (g) => (era(g) !== era(card) || (!jsonRpc && g !== card)) && (jsonRpc || g !== "0.1"),
  );
  return [card, ...others];
}

function refusal(first: ProbeAnswer): string {
  if (first.verdict === "no-binding") return first.detail;
  if (first.verdict === "version-not-supported")
    return first.generation === "1.0"
      ? "the agent refused A2A-Version 1.0 (-32009)"
      : `the agent refused ${first.method} without an A2A-Version header (-32009)`;
  return first.detail.includes("-32601")
    ? `${first.method} is unknown to the agent (-32601)`
    : `the agent does not know ${first.method} (${first.detail})`;
}

/** What the card claims: the generation negotiation starts from, and how the notes name the claim. */
interface Claim {
  generation: ProtocolGeneration;
  /** "A2A 0.3", or the card's own protocolVersion when it names no generation. */
  says: string;
  /** The notes' verb and claim: "claims A2A 0.3", or "says protocolVersion …" of a version that is none. */
  claims: string;
  /** The card states no version: the generation is only what its shape reads as. */
  versionless?: true;
}

/** The card's claim against the generation the wire showed, as a Negotiation reports it. */
function mismatchOf(claim: Claim, wire: ProtocolGeneration): NonNullable<Negotiation["mismatch"]> {
  return {
    card: claim.generation,
    wire,
    message: `the card ${claim.versionless ? claim.claims : `says ${claim.says}`} but the agent speaks A2A ${wire} on the wire`,
  };
}

/** Builds the client of a generation; `withoutVersionHeader` leaves A2A-Version off its 1.0 requests. */
export type ClientMaker = (generation: ProtocolGeneration, withoutVersionHeader?: true) => A2AClient;

/**
 * An agent that refused A2A-Version 1.0 (-32009) but answers 1.0's send when the header is left off: it
 * serves 1.0's methods (no 0.x generation has them) while refusing to be asked for 1.0, which 1.0.1 §3.6.2
 * does not allow ("Agents MUST process requests using the semantics of the requested A2A-Version"). The
 * wire decides: it is tested in 1.0 without the header, and errors.version-served reports the refusal once.
 */
async function servesOneZeroWithoutHeader(
  claim: Claim,
  refused: ProbeAnswer,
  make: ClientMaker,
  answers: ProbeAnswer[],
): Promise<Negotiation | undefined> {
  if (refused.generation !== "1.0" || refused.verdict !== "version-not-supported") return undefined;
  const client = make("1.0", true);
  const answer = await probe(client);
  client.close();
  answers.push(answer);
  if (answer.verdict !== "understood") return undefined;
  return {
    generation: "1.0",
    source: "wire",
    notes: [
      `the agent refused A2A-Version 1.0 (-32009) but answered ${answer.detail} without the header: it serves A2A 1.0's methods and is tested in A2A 1.0, its requests sent without A2A-Version (errors.version-served reports the refusal)`,
    ],
    trafficIds: answers.flatMap((a) => a.trafficIds),
    withoutVersionHeader: true,
    ...(claim.generation === "1.0" ? {} : { mismatch: mismatchOf(claim, "1.0") }),
  };
}

function confirmed(claim: Claim, wire: ProbeAnswer, first: ProbeAnswer, ids: string[]): Negotiation {
  const card = claim.generation;
  if (wire.generation === card) return { generation: card, source: "wire", notes: [], trafficIds: ids };
  return {
    generation: wire.generation,
    source: "wire",
    notes: [
      `the card ${claim.claims} but ${refusal(first)}; it answered A2A ${wire.generation}'s ${wire.method}, so the agent speaks A2A ${wire.generation} on the wire and is tested in it`,
    ],
    mismatch: mismatchOf(claim, wire.generation),
    trafficIds: ids,
  };
}

/** A 0.2 card on an agent that answered a method only 0.3 has: tested as 0.3, the mismatch reported. */
function servesNewer(claim: Claim, newer: ProbeAnswer, ids: string[]): Negotiation {
  return {
    generation: "0.3",
    source: "wire",
    notes: [
      `the card ${claim.claims} but the agent answers ${newer.detail}, a method A2A 0.3 added; it speaks A2A 0.3 on the wire and is tested in it`,
    ],
    mismatch: mismatchOf(claim, "0.3"),
    trafficIds: ids,
  };
}

// A2A 0.3 §5.3 moved the card to /.well-known/agent-card.json; every 0.1 and 0.2 release names
// /.well-known/agent.json (0.2.6 §5.3). A card served at the new path comes from 0.3-era software.
const PATH_03 = "/.well-known/agent-card.json";

/**
 * A 0.2 card served at 0.3's well-known path, on an agent whose methods 0.2 and 0.3 share: the path is
 * what the wire shows of its generation, so it is tested as 0.3 and the mismatch reported.
 */
function servedAt03Path(claim: Claim, cardUrl: string, ids: string[]): Negotiation {
  const card = claim.generation;
  return {
    generation: "0.3",
    source: "wire",
    notes: [
      `the card ${claim.claims} but is served at ${cardUrl}, the location A2A 0.3 §5.3 introduced (A2A ${card} names /.well-known/agent.json), and the agent answers the methods A2A 0.2 and 0.3 share; it is tested as A2A 0.3`,
    ],
    mismatch: {
      card,
      wire: "0.3",
      message: `the card says ${claim.says} but is served where A2A 0.3 puts it (${PATH_03})`,
    },
    trafficIds: ids,
  };
}

/** What else the wire showed before negotiation: where the card was served. */
export interface NegotiationEvidence {
  cardUrl?: string;
  /** The card's protocolVersion when it names no generation ("0.6"): negotiation then starts from the newest. */
  unknownVersion?: string;
  /** The card states no version at all: negotiation starts from what its shape reads as, which it does not claim. */
  versionless?: boolean;
}

const at03Path = (evidence: NegotiationEvidence | undefined) =>
  evidence?.cardUrl !== undefined && new URL(evidence.cardUrl).pathname.endsWith(PATH_03);

// 0.1 and 0.2 name /.well-known/agent.json (0.2.6 §5.3); 0.3 moved the card away from it.
const PATH_02 = "/.well-known/agent.json";
const atPre03Path = (evidence: NegotiationEvidence | undefined) =>
  evidence?.cardUrl !== undefined && new URL(evidence.cardUrl).pathname.endsWith(PATH_02);

/**
 * A card that claims neither 0.2 nor 0.3, served where 0.2 puts it, on an agent that answers the JSON-RPC
 * methods 0.2 and 0.3 share: the wire is 0.2 unless the agent serves a method only 0.3 has.
 */
async function sharedMethodsAtPre03Path(
  claim: Claim,
  shared: ProbeAnswer,
  first: ProbeAnswer,
  make: ClientMaker,
  answers: ProbeAnswer[],
  cardUrl: string,
): Promise<Negotiation> {
  const probe03 = make("0.3") as JsonRpcA2AClient;
  const newer = await servesOnly03Method(probe03);
  probe03.close();
  const ids = () => answers.flatMap((a) => a.trafficIds);
  if (newer) {
    answers.push(newer);
    return servesNewer(claim, newer, ids());
  }
  const as02: ProbeAnswer = { ...shared, generation: "0.2" };
  const negotiation = confirmed(claim, as02, first, ids());
  return {
    ...negotiation,
    notes: negotiation.notes.map(
      (n) =>
        `${n} (0.2 and 0.3 share that method; the card is served at ${cardUrl}, where A2A 0.1 and 0.2 put it, and the agent has no method only 0.3 defines)`,
    ),
  };
}

/**
 * Finds the generation the agent speaks on the wire, starting from the card's (A2A 1.0 §3.6 version
 * negotiation; 0.x agents know only their own method names). Each probe that is not understood moves
 * on to the next generation; a reply that is not A2A at all stops the search and is explained. An
 * explicit override wins untested.
 */
export async function negotiateGeneration(
  cardGeneration: ProtocolGeneration,
  make: ClientMaker,
  override?: ProtocolGeneration,
  evidence?: NegotiationEvidence,
): Promise<Negotiation> {
  const stated = evidence?.unknownVersion;
  const says =
    stated === undefined
      ? `A2A ${cardGeneration}`
      : `protocolVersion ${JSON.stringify(stated)} (no A2A version; tried from the newest, A2A ${cardGeneration})`;
  const claim: Claim = {
    generation: cardGeneration,
    says,
    ...(evidence?.versionless
      ? { claims: `states no version (read as A2A ${cardGeneration})`, versionless: true as const }
      : { claims: stated === undefined ? `claims ${says}` : `says ${says}` }),
  };
  if (override)
    return {
      generation: override,
      source: "override",
      notes: [`protocol forced to A2A ${override} by --protocol`],
      trafficIds: [],
    };
  const answers: ProbeAnswer[] = [];
  const ids = () => answers.flatMap((a) => a.trafficIds);
  let order: ProtocolGeneration[] = [cardGeneration];
  for (let i = 0; i < order.length; i++) {
    const client = make(order[i] as ProtocolGeneration);
    if (i === 0) order = candidates(cardGeneration, client instanceof JsonRpcA2AClient);
    const answer = await probe(client);
    client.close();
    answers.push(answer);
    const first = answers[0] as ProbeAnswer;
    if (
      answer.verdict === "understood" &&
      answer.generation === "0.2" &&
      client instanceof JsonRpcA2AClient
    ) {
      const probe03 = make("0.3") as JsonRpcA2AClient;
      const newer = await servesOnly03Method(probe03);
      probe03.close();
      if (newer) {
        answers.push(newer);
        return servesNewer(claim, newer, ids());
      }
      if (at03Path(evidence)) return servedAt03Path(claim, evidence?.cardUrl ?? PATH_03, ids());
    }
    if (
      answer.verdict === "understood" &&
      answer.generation === "0.3" &&
      era(cardGeneration) !== "0.3" &&
      client instanceof JsonRpcA2AClient &&
      atPre03Path(evidence)
    )
      return sharedMethodsAtPre03Path(claim, answer, first, make, answers, evidence?.cardUrl ?? PATH_02);
    if (answer.verdict === "understood") return confirmed(claim, answer, first, ids());
    const headerless = await servesOneZeroWithoutHeader(claim, answer, make, answers);
    if (headerless) return headerless;
    if (answer.verdict === "unknown" && answers.length === 1)
      return {
        generation: cardGeneration,
        source: "card",
        notes: [
          `could not confirm A2A ${cardGeneration} on the wire (${answer.detail}); using the card's ${stated === undefined ? "version" : claim.says}`,
        ],
        trafficIds: ids(),
        ...(answer.nothingAnswers !== undefined ? { nothingAnswers: answer.nothingAnswers } : {}),
      };
  }
  return unconfirmed(cardGeneration, claim, answers);
}

/** Every probe answered, none confirming a version: the run speaks the card's. */
function unconfirmed(
  generation: ProtocolGeneration,
  claim: Claim,
  answers: readonly ProbeAnswer[],
): Negotiation {
  return {
    generation,
    source: "card",
    notes: [
      `no A2A version was confirmed on the wire (${answers.map((a) => a.detail).join("; ")}); using the card's ${claim.says}`,
    ],
    trafficIds: answers.flatMap((a) => a.trafficIds),
    ...(routesMissing(answers) ? { routesMissing: true as const } : {}),
  };
}
