/** Shared normalisation: protocol generation, URL identity, the empty card. */
import { peekField } from "./rules/read.js";
import { type JsonObject, isObject } from "../model/json.js";
import { generationOf } from "../model/generation.js";
import { parseTransport } from "../model/transport.js";
import type { NormalizedCard } from "./types.js";
import type { ProtocolGeneration } from "../model/generation.js";

/**
 * The A2A generation a card speaks. Order: `supportedInterfaces` present → 1.0; else a protocolVersion
 * string starting 0.3 / 0.2 / 0.1 / 1. → that generation; else a 0.1-shaped card (an `authentication`
 * object, no `securitySchemes`, no `defaultInputModes`) → 0.1; else 0.2 (docs/test-files.md: a card without
 * protocolVersion "is treated as 0.2"). An unrecognised version string such as "0.4" falls through.
 */
export function detectGeneration(card: JsonObject): ProtocolGeneration {
  if (peekField(card, "supportedInterfaces") !== undefined) return "1.0";
  const version = peekField(card, "protocolVersion");
  if (typeof version === "string") {
    const found = generationOf(version);
    if (found) return found;
  }
  const looksLikeV01 =
    isObject(card["authentication"]) &&
    peekField(card, "securitySchemes") === undefined &&
    peekField(card, "defaultInputModes") === undefined;
  return looksLikeV01 ? "0.1" : "0.2";
}

/** A URL in comparable form (`https://h` and `https://H/` are the same endpoint); the string itself when unparseable. */
function urlKey(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url.trim();
  }
}

/** The key under which two interfaces count as the same declaration: URL plus canonical transport. */
export function interfaceKey(url: string, transport: string): string {
  return `${urlKey(url)} ${parseTransport(transport) ?? transport.trim().toUpperCase()}`;
}

/** The normalised form of a card with nothing in it (used when the input is not an object). */
export function emptyCard(generation: ProtocolGeneration = "0.2"): NormalizedCard {
  return {
    generation,
    protocolVersion: null,
    name: null,
    description: null,
    version: null,
    url: null,
    preferredTransport: null,
    interfaces: [],
    capabilities: {
      streaming: false,
      pushNotifications: false,
      stateTransitionHistory: false,
      extendedAgentCard: false,
    },
    skills: [],
    securitySchemes: {},
    security: [],
    legacyAuthSchemes: [],
    requiredExtensions: [],
  };
}
