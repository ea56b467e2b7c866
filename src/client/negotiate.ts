import { randomUUID } from "node:crypto";
import { a2aCodes, jsonRpcCodes } from "../protocol/error-codes.js";
import type { ProtocolGeneration } from "../protocol/generation.js";
import type { A2AClient } from "./types.js";

/** Which generation Plainwright speaks to an interface, and how it knows. */
export interface Negotiation {
  generation: ProtocolGeneration;
  /** "override": --protocol; "wire": the card's version confirmed (or corrected) by the agent's answer. */
  source: "override" | "wire" | "card";
  notes: string[];
}

// A get of an id that cannot exist: any well-formed A2A answer (TaskNotFound above all) proves the
// method name and version are understood, without creating a task.
async function probe(
  client: A2AClient,
): Promise<"understood" | "method-not-found" | "version-not-supported" | "unknown"> {
  const outcome = await client.getTask(`plainwright-probe-${randomUUID()}`);
  if (outcome.ok) return "understood";
  if (outcome.kind !== "error") return "unknown";
  if (outcome.error.code === jsonRpcCodes.methodNotFound) return "method-not-found";
  if (outcome.error.code === a2aCodes.versionNotSupported) return "version-not-supported";
  return "understood";
}

/**
 * Confirms the card's protocol version on the wire (A2A-DIGEST §2.5): 1.0 answered with -32009 or
 * -32601 falls back to 0.3, which is then confirmed the same way. An explicit override wins untested.
 */
export async function negotiateGeneration(
  cardGeneration: ProtocolGeneration,
  make: (generation: ProtocolGeneration) => A2AClient,
  override?: ProtocolGeneration,
): Promise<Negotiation> {
  if (override)
    return {
      generation: override,
      source: "override",
      notes: [`protocol forced to A2A ${override} by --protocol`],
    };
  const first = await probe(make(cardGeneration));
  if (first === "understood") return { generation: cardGeneration, source: "wire", notes: [] };
  if (first === "unknown") {
    return {
      generation: cardGeneration,
      source: "card",
      notes: [`could not confirm A2A ${cardGeneration} on the wire; using the card's version`],
    };
  }
  if (cardGeneration !== "1.0") {
    return {
      generation: cardGeneration,
      source: "card",
      notes: [`the agent answered ${first} to a tasks/get probe; using the card's A2A ${cardGeneration}`],
    };
  }
  const second = await probe(make("0.3"));
  if (second === "understood") {
    const why =
      first === "version-not-supported"
        ? "refused A2A-Version 1.0 (-32009)"
        : "does not know GetTask (-32601)";
    return {
      generation: "0.3",
      source: "wire",
      notes: [`the card advertises A2A 1.0 but the agent ${why}; speaking A2A 0.3`],
    };
  }
  return {
    generation: "1.0",
    source: "card",
    notes: ["neither A2A 1.0 nor 0.3 was confirmed on the wire; using the card's A2A 1.0"],
  };
}
