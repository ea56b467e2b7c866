import type { ProtocolGeneration } from "../model/generation.js";

/** The security-related fields of a card, as card validation normalises them. */
export interface CardSecurityFields {
  securitySchemes: Record<string, unknown>;
  security: Array<Record<string, string[]>>;
  legacyAuthSchemes: string[];
}

/** A credential the user supplied on the command line or in the inspector. */
export type Credential =
  | { kind: "bearer"; token: string }
  | { kind: "basic"; username: string; password: string }
  | { kind: "api-key"; name: string; value: string; in: "header" | "query" };

/** What credentials turn into on the wire, plus the values to redact everywhere. */
export interface AppliedCredentials {
  headers: Record<string, string>;
  query: Record<string, string>;
  secrets: string[];
}

/** Turns credentials into headers and query parameters (A2A: auth lives in HTTP, never in the payload). */
export function applyCredentials(credentials: readonly Credential[]): AppliedCredentials {
  const applied: AppliedCredentials = { headers: {}, query: {}, secrets: [] };
  for (const c of credentials) {
    if (c.kind === "bearer") {
      applied.headers.Authorization = `Bearer ${c.token}`;
      applied.secrets.push(c.token);
    } else if (c.kind === "basic") {
      const encoded = Buffer.from(`${c.username}:${c.password}`).toString("base64");
      applied.headers.Authorization = `Basic ${encoded}`;
      applied.secrets.push(c.password, encoded);
    } else {
      (c.in === "header" ? applied.headers : applied.query)[c.name] = c.value;
      applied.secrets.push(c.value);
    }
  }
  return applied;
}

/** One security scheme the card declares, read from any generation's spelling. */
export interface SchemeInfo {
  name: string;
  type: "apiKey" | "http" | "oauth2" | "openIdConnect" | "mutualTLS" | "unknown";
  /** apiKey: where and under which name. */
  in?: string;
  paramName?: string;
  /** http: "bearer", "basic", ... */
  scheme?: string;
  /** One line a person can act on, e.g. "send header X-API-Key (use --api-key X-API-Key=VALUE)". */
  howTo: string;
}

const obj = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/** Reads one scheme: 0.2/0.3 OpenAPI style with `type`, or a 1.0 oneof wrapper. */
export function readScheme(name: string, raw: unknown): SchemeInfo {
  const o = obj(raw) ?? {};
  const api = obj(o.apiKeySecurityScheme) ?? (o.type === "apiKey" ? o : undefined);
  if (api) {
    const where = str(api.location) ?? str(api.in) ?? "header";
    const param = str(api.name) ?? "?";
    const flag =
      where === "query" ? `--api-key ${param}=VALUE --api-key-in query` : `--api-key ${param}=VALUE`;
    return { name, type: "apiKey", in: where, paramName: param, howTo: `send ${where} ${param} (${flag})` };
  }
  const http = obj(o.httpAuthSecurityScheme) ?? (o.type === "http" ? o : undefined);
  if (http) {
    const scheme = (str(http.scheme) ?? "bearer").toLowerCase();
    const flag = scheme === "basic" ? "--basic USER:PASSWORD" : "--bearer TOKEN";
    return { name, type: "http", scheme, howTo: `HTTP ${scheme} authentication (${flag})` };
  }
  if (obj(o.oauth2SecurityScheme) ?? (o.type === "oauth2" ? o : undefined)) {
    return {
      name,
      type: "oauth2",
      howTo: "OAuth 2.0: obtain an access token out of band and pass --bearer TOKEN",
    };
  }
  if (obj(o.openIdConnectSecurityScheme) ?? (o.type === "openIdConnect" ? o : undefined)) {
    return {
      name,
      type: "openIdConnect",
      howTo: "OpenID Connect: obtain an ID/access token out of band and pass --bearer TOKEN",
    };
  }
  if (obj(o.mtlsSecurityScheme) ?? (o.type === "mutualTLS" ? o : undefined)) {
    return {
      name,
      type: "mutualTLS",
      howTo: "mutual TLS: a client certificate (not supported by Plainwright yet)",
    };
  }
  return { name, type: "unknown", howTo: "unknown scheme type" };
}

/** The card's declared schemes and which of them every request needs (alternatives of sets). */
export function cardSecurity(card: CardSecurityFields): {
  schemes: SchemeInfo[];
  requirements: string[][];
  legacy: string[];
} {
  const schemes = Object.entries(card.securitySchemes).map(([name, raw]) => readScheme(name, raw));
  const requirements = card.security.map((req) => Object.keys(req));
  return { schemes, requirements, legacy: card.legacyAuthSchemes };
}

/**
 * Whether the card says requests need credentials at all, read in the generation the agent speaks: 0.1's
 * `authentication` counts on a 0.1 wire (or before the wire is known); from 0.2 on, only securitySchemes
 * and security declare it (0.2 §5.5), and a 0.1 member left in the card is a field 0.2 does not define.
 */
export function cardRequiresAuth(card: CardSecurityFields, generation?: ProtocolGeneration): boolean {
  const legacy = generation === undefined || generation === "0.1";
  return (
    card.security.some((req) => Object.keys(req).length > 0) || (legacy && card.legacyAuthSchemes.length > 0)
  );
}

/**
 * The 0.1-style schemes a 0.2 card names in `authentication` (`{schemes: ["Bearer"]}`) as its only word on
 * security, read leniently: 0.2 §5.5 replaced the member by securitySchemes and security, but 0.2.5 §4.3 still
 * says "The client discovers the server's required authentication schemes via the `authentication` field in the
 * AgentCard", and 0.2 cards seen in the wild carry it. A claim for the wire to confirm, not a requirement:
 * cardRequiresAuth stays false for it, since open 0.2 agents carry the member too (OmniRoute).
 */
export function legacyAuthClaim(card: CardSecurityFields, generation?: ProtocolGeneration): string[] {
  if (generation !== "0.2" || cardRequiresAuth(card, generation)) return [];
  return [...card.legacyAuthSchemes];
}

/** Parses `--basic USER:PASSWORD`. */
export function parseBasic(raw: string): Credential | undefined {
  const colon = raw.indexOf(":");
  return colon > 0
    ? { kind: "basic", username: raw.slice(0, colon), password: raw.slice(colon + 1) }
    : undefined;
}

/** Parses `--api-key NAME=VALUE`. */
export function parseApiKey(raw: string, where: "header" | "query" = "header"): Credential | undefined {
  const eq = raw.indexOf("=");
  return eq > 0
    ? { kind: "api-key", name: raw.slice(0, eq), value: raw.slice(eq + 1), in: where }
    : undefined;
}
