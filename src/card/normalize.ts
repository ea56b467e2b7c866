/** Shared normalisation: transport names, protocol generation, URL identity, the empty card. */
import { isObject, peekField } from "./rules/read.js";
import type { JsonObject } from "./rules/read.js";
import type { NormalizedCard, ProtocolGeneration, Transport } from "./types.js";

// JSONRPC, GRPC and HTTP+JSON are the 0.3/1.0 spellings; other casings (and "JSON-RPC") are tolerated
// because real cards use them, with a warning raised by the rules.
const TRANSPORT_SPELLINGS: ReadonlyArray<[RegExp, Transport]> = [
  [/^json[-_ ]?rpc$/i, "JSONRPC"],
  [/^grpc$/i, "GRPC"],
  [/^http\+json$/i, "HTTP+JSON"],
];

/** The canonical transport for a name as written in a card, or null for a transport Plainwright does not know. */
export function canonicalTransport(name: string): Transport | null {
  const found = TRANSPORT_SPELLINGS.find(([pattern]) => pattern.test(name.trim()));
  return found ? found[1] : null;
}

const VERSION_PREFIXES: ReadonlyArray<[RegExp, ProtocolGeneration]> = [
  [/^0\.3/, "0.3"],
  [/^0\.2/, "0.2"],
  [/^0\.1/, "0.1"],
  [/^1(\.|$)/, "1.0"],
];

/**
 * The A2A generation a card speaks. Order: `supportedInterfaces` present → 1.0; else a protocolVersion
 * string starting 0.3 / 0.2 / 0.1 / 1. → that generation; else a 0.1-shaped card (an `authentication`
 * object, no `securitySchemes`, no `defaultInputModes`) → 0.1; else 0.2 (seed: a card without
 * protocolVersion "is treated as 0.2"). An unrecognised version string such as "0.4" falls through.
 */
export function detectGeneration(card: JsonObject): ProtocolGeneration {
  if (peekField(card, "supportedInterfaces") !== undefined) return "1.0";
  const version = peekField(card, "protocolVersion");
  if (typeof version === "string") {
    const found = VERSION_PREFIXES.find(([pattern]) => pattern.test(version.trim()));
    if (found) return found[1];
  }
  const looksLikeV01 =
    isObject(card["authentication"]) &&
    peekField(card, "securitySchemes") === undefined &&
    peekField(card, "defaultInputModes") === undefined;
  return looksLikeV01 ? "0.1" : "0.2";
}

/** A URL in comparable form (`https://h` and `https://H/` are the same endpoint); the string itself when unparseable. */
export function urlKey(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url.trim();
  }
}

/** The key under which two interfaces count as the same declaration: URL plus canonical transport. */
export function interfaceKey(url: string, transport: string): string {
  return `${urlKey(url)} ${canonicalTransport(transport) ?? transport.trim().toUpperCase()}`;
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
  };
}
