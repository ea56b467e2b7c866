/** What card validation and endpoint choice produce; the result JSON's `card` section is built from these. */

/** A2A protocol generation a card speaks, as detected from its fields. */
import type { ProtocolGeneration } from "../model/generation.js";

import type { Transport } from "../model/transport.js";

import type { CardIssue, CardSkill } from "../model/result.js";

/** One interface the card advertises, whatever field it came from. */
export interface CardInterface {
  url: string;
  /** As written in the card (`JSONRPC`, `GRPC`, `HTTP+JSON`, or something else the card invented). */
  transport: string;
  /** 1.0 interfaces carry their own protocol version; 0.3 ones inherit the card's. */
  protocolVersion?: string;
  /** 1.0 only: when set, clients MUST send it in every request (A2A 1.0 §4.4). */
  tenant?: string;
  /** Where in the card it was declared, e.g. `url`, `additionalInterfaces[1]`, `supportedInterfaces[0]`. */
  source: string;
}

/** The card as Plainwright reads it, after tolerating every accepted spelling. */
export interface NormalizedCard {
  generation: ProtocolGeneration;
  /** The card's protocolVersion string when it states one (for 1.0: the first interface's). */
  protocolVersion: string | null;
  name: string | null;
  description: string | null;
  version: string | null;
  /** Top-level `url` (0.x); null for a pure 1.0 card. */
  url: string | null;
  /** `preferredTransport` as written, or null when not stated. */
  preferredTransport: string | null;
  /**
   * Every advertised interface in the card's order (1.0: supportedInterfaces; 0.3: url first, then
   * additionalInterfaces; a hybrid card: supportedInterfaces, then the 0.3 ones not already listed).
   */
  interfaces: CardInterface[];
  capabilities: {
    streaming: boolean;
    pushNotifications: boolean;
    stateTransitionHistory: boolean;
    extendedAgentCard: boolean;
  };
  skills: CardSkill[];
  /** Scheme name → scheme object, as in the card (0.2+ `securitySchemes`). */
  securitySchemes: Record<string, unknown>;
  /** Requirements in the 0.x shape `[{name: [scopes]}]` (1.0 `securityRequirements` converted). */
  security: Array<Record<string, string[]>>;
  /** 0.1 `authentication.schemes`, when present. */
  legacyAuthSchemes: string[];
  /** URIs of `capabilities.extensions` marked `required: true`: clients activate them on every request. */
  requiredExtensions: string[];
}

export interface CardValidation {
  errors: CardIssue[];
  warnings: CardIssue[];
  card: NormalizedCard;
}

/** The endpoint Plainwright will talk to, and how it was chosen. */
export interface EndpointChoice {
  url: string;
  transport: Transport;
  /** Present when the loopback rewrite moved the card's URL onto the host the user gave. */
  rewrittenFrom?: string;
  /** The chosen interface's protocol version, when the card states one. */
  protocolVersion?: string;
  /** 1.0 only: the interface's tenant, to be sent in every request. */
  tenant?: string;
  /** Human-readable: which card field the URL came from. */
  reason: string;
  /** Set when nothing A2A answered at the card's choice (this URL) and Plainwright found the agent elsewhere. */
  insteadOf?: string;
  /** With insteadOf: the binding the card declared there, when the agent answers another one instead. */
  insteadOfBinding?: Transport;
}
