import type { ProtocolGeneration } from "../model/generation.js";
import { canonicalJson } from "./jcs.js";
import { isObject } from "../model/json.js";

/**
 * The bytes an Agent Card signature covers (A2A 1.0.1 §8.4.1, §8.4.3): the card with default-valued
 * fields removed by protobuf field presence (§5.7), without `signatures`, canonicalized with RFC 8785.
 */

type Child = { shape: string; as: "one" | "list" | "map" };

interface MessageShape {
  /** Fields written even at their default: REQUIRED, proto3 `optional`, and message-typed fields (presence). */
  kept: readonly string[];
  /** Plain scalar, repeated and map fields: omitted when they hold their default ("", false, 0, [], {}). */
  defaulted?: readonly string[];
  children?: Readonly<Record<string, Child>>;
}

const one = (shape: string): Child => ({ shape, as: "one" });
const list = (shape: string): Child => ({ shape, as: "list" });
const map = (shape: string): Child => ({ shape, as: "map" });

/** The AgentCard messages of A2A 1.0.1 specification/a2a.proto, in their ProtoJSON (camelCase) names. */
const shapes: Readonly<Record<string, MessageShape>> = {
  AgentCard: {
    kept: [
      "name",
      "description",
      "supportedInterfaces",
      "provider",
      "version",
      "documentationUrl",
      "capabilities",
      "defaultInputModes",
      "defaultOutputModes",
      "skills",
      "iconUrl",
    ],
    defaulted: ["securitySchemes", "securityRequirements", "signatures"],
    children: {
      supportedInterfaces: list("AgentInterface"),
      provider: one("AgentProvider"),
      capabilities: one("AgentCapabilities"),
      securitySchemes: map("SecurityScheme"),
      securityRequirements: list("SecurityRequirement"),
      skills: list("AgentSkill"),
    },
  },
  AgentInterface: { kept: ["url", "protocolBinding", "protocolVersion"], defaulted: ["tenant"] },
  AgentProvider: { kept: ["url", "organization"] },
  AgentCapabilities: {
    kept: ["streaming", "pushNotifications", "extendedAgentCard"],
    defaulted: ["extensions"],
    children: { extensions: list("AgentExtension") },
  },
  AgentExtension: { kept: ["params"], defaulted: ["uri", "description", "required"] },
  AgentSkill: {
    kept: ["id", "name", "description", "tags"],
    defaulted: ["examples", "inputModes", "outputModes", "securityRequirements"],
    children: { securityRequirements: list("SecurityRequirement") },
  },
  SecurityRequirement: { kept: [], defaulted: ["schemes"], children: { schemes: map("StringList") } },
  StringList: { kept: [], defaulted: ["list"] },
  SecurityScheme: {
    kept: [
      "apiKeySecurityScheme",
      "httpAuthSecurityScheme",
      "oauth2SecurityScheme",
      "openIdConnectSecurityScheme",
      "mtlsSecurityScheme",
    ],
    children: {
      apiKeySecurityScheme: one("APIKeySecurityScheme"),
      httpAuthSecurityScheme: one("HTTPAuthSecurityScheme"),
      oauth2SecurityScheme: one("OAuth2SecurityScheme"),
      openIdConnectSecurityScheme: one("OpenIdConnectSecurityScheme"),
      mtlsSecurityScheme: one("MutualTlsSecurityScheme"),
    },
  },
  APIKeySecurityScheme: { kept: ["location", "name"], defaulted: ["description"] },
  HTTPAuthSecurityScheme: { kept: ["scheme"], defaulted: ["description", "bearerFormat"] },
  OAuth2SecurityScheme: {
    kept: ["flows"],
    defaulted: ["description", "oauth2MetadataUrl"],
    children: { flows: one("OAuthFlows") },
  },
  OpenIdConnectSecurityScheme: { kept: ["openIdConnectUrl"], defaulted: ["description"] },
  MutualTlsSecurityScheme: { kept: [], defaulted: ["description"] },
  OAuthFlows: {
    kept: ["authorizationCode", "clientCredentials", "implicit", "password", "deviceCode"],
    children: {
      authorizationCode: one("AuthorizationCodeOAuthFlow"),
      clientCredentials: one("ClientCredentialsOAuthFlow"),
      implicit: one("ImplicitOAuthFlow"),
      password: one("PasswordOAuthFlow"),
      deviceCode: one("DeviceCodeOAuthFlow"),
    },
  },
  AuthorizationCodeOAuthFlow: {
    kept: ["authorizationUrl", "tokenUrl", "scopes"],
    defaulted: ["refreshUrl", "pkceRequired"],
  },
  ClientCredentialsOAuthFlow: { kept: ["tokenUrl", "scopes"], defaulted: ["refreshUrl"] },
  ImplicitOAuthFlow: { kept: [], defaulted: ["authorizationUrl", "refreshUrl", "scopes"] },
  PasswordOAuthFlow: { kept: [], defaulted: ["tokenUrl", "refreshUrl", "scopes"] },
  DeviceCodeOAuthFlow: {
    kept: ["deviceAuthorizationUrl", "tokenUrl", "scopes"],
    defaulted: ["refreshUrl"],
  },
};

type JsonObject = Record<string, unknown>;

/** proto3's implicit defaults as ProtoJSON writes them (null: the field is unset). */
const isDefault = (v: unknown): boolean =>
  v === null ||
  v === "" ||
  v === false ||
  v === 0 ||
  (Array.isArray(v) && v.length === 0) ||
  (isObject(v) && Object.keys(v).length === 0);

/** How unknown fields (not in the 1.0.1 schema) are treated. */
type UnknownFields = "keep" | "drop";

function mapChild(value: unknown, child: Child, unknown: UnknownFields): unknown {
  const shape = (v: unknown) => (isObject(v) ? withoutDefaults(v, child.shape, unknown) : v);
  if (child.as === "one") return shape(value);
  if (child.as === "list") return Array.isArray(value) ? value.map(shape) : value;
  return isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)])) : value;
}

/** A message with its default-valued plain fields removed (§8.4.1 rule 1), children handled alike. */
function withoutDefaults(message: JsonObject, shapeName: string, unknown: UnknownFields): JsonObject {
  const shape = shapes[shapeName];
  if (!shape) return message;
  const defaulted = new Set(shape.defaulted ?? []);
  const known = new Set([...shape.kept, ...defaulted]);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(message)) {
    if (!known.has(key) && unknown === "drop") continue;
    if (defaulted.has(key) && isDefault(value)) continue;
    const child = shape.children?.[key];
    out[key] = child ? mapChild(value, child, unknown) : value;
  }
  return out;
}

/** Recursively drops "", null, [] and {} (what the official SDKs' `clean_empty`/`cleanEmpty` do). */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(withoutEmpty).filter((v) => v !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (isObject(value)) {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, withoutEmpty(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return value === "" || value === null ? undefined : value;
}

function withoutSignatures(card: JsonObject): JsonObject {
  const { signatures: _signatures, ...rest } = card;
  return rest;
}

/**
 * How the payload was formed: `spec` follows 1.0.1 §8.4.1 (for 0.x cards, which have no such rule,
 * the card as served); `sdk` also drops every empty value and (1.0) every field outside the schema,
 * as the official SDKs do (a2a-js `canonicalizeAgentCard`, a2a-python `clean_empty`).
 */
export type PayloadForm = "spec" | "sdk";

export interface SigningPayload {
  form: PayloadForm;
  /** The RFC 8785 text, whose UTF-8 bytes are the JWS payload. */
  text: string;
}

/** The card with default-valued fields removed (1.0.1 §8.4.1 rule 1; 0.x cards have no such rule). */
export function withoutDefaultValues(card: JsonObject, generation: ProtocolGeneration): JsonObject {
  return generation === "1.0" ? withoutDefaults(card, "AgentCard", "keep") : card;
}

/** The payload a signer following A2A 1.0.1 §8.4.1 signs (throws JcsError for values JSON cannot hold). */
export function specPayload(card: JsonObject, generation: ProtocolGeneration): string {
  return canonicalJson(withoutDefaultValues(withoutSignatures(card), generation));
}

/** The payloads a correct signature may cover: the spec's, then the official SDKs' when it differs. */
export function signingPayloads(card: JsonObject, generation: ProtocolGeneration): SigningPayload[] {
  const spec = specPayload(card, generation);
  const body = withoutSignatures(card);
  const schemaOnly = generation === "1.0" ? withoutDefaults(body, "AgentCard", "drop") : body;
  const sdk = canonicalJson(withoutEmpty(schemaOnly) ?? {});
  return sdk === spec
    ? [{ form: "spec", text: spec }]
    : [
        { form: "spec", text: spec },
        { form: "sdk", text: sdk },
      ];
}
