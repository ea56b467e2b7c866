/** Reads the security fields of every generation into the 0.x shape NormalizedCard uses. */
import type { NormalizedCard } from "../types.js";
import type { IssueLog } from "./read.js";
import { type JsonObject, isObject } from "../../model/json.js";
import { describe, readField, stringsOf } from "./read.js";

type Security = Pick<NormalizedCard, "securitySchemes" | "security" | "legacyAuthSchemes">;
type Requirement = Record<string, string[]>;

/** securitySchemes (kept as written, 1.0 oneof wrappers included), security / securityRequirements, 0.1 authentication. */
export function readSecurity(card: JsonObject, log: IssueLog): Security {
  return {
    securitySchemes: readSchemes(card, log),
    security: readRequirements(card, log),
    legacyAuthSchemes: readLegacyAuth(card),
  };
}

function readSchemes(card: JsonObject, log: IssueLog): Record<string, unknown> {
  const field = readField(card, "", "securitySchemes", log);
  if (field.value === undefined) return {};
  if (isObject(field.value)) return { ...field.value };
  log.warn(
    field.path,
    `${field.path} must be an object mapping scheme names to schemes, got ${describe(field.value)}`,
  );
  return {};
}

// 1.0 renamed `security` to `securityRequirements` (A2A 1.0 §4.4), but the 1.0.1 sample card still says
// `security` (A2A 1.0): accept either name, and either entry shape under both.
function readRequirements(card: JsonObject, log: IssueLog): Requirement[] {
  const renamed = readField(card, "", "securityRequirements", log);
  const field = renamed.value !== undefined ? renamed : readField(card, "", "security", log);
  if (field.value === undefined) return [];
  if (!Array.isArray(field.value)) {
    log.warn(field.path, `${field.path} must be a list of requirements, got ${describe(field.value)}`);
    return [];
  }
  const out: Requirement[] = [];
  field.value.forEach((entry: unknown, i) => {
    if (isObject(entry)) out.push(toRequirement(entry));
    else log.warn(`${field.path}[${i}]`, `${field.path}[${i}] must be an object, got ${describe(entry)}`);
  });
  return out;
}

// 1.0: {schemes: {name: {list: [scopes]}}}; 0.x: {name: [scopes]}.
function toRequirement(entry: JsonObject): Requirement {
  const schemes = entry["schemes"];
  const out: Requirement = {};
  if (isObject(schemes)) {
    for (const [name, scopes] of Object.entries(schemes)) {
      out[name] = stringsOf(isObject(scopes) ? scopes["list"] : scopes);
    }
    return out;
  }
  for (const [name, scopes] of Object.entries(entry)) out[name] = stringsOf(scopes);
  return out;
}

/**
 * The 0.1 `authentication.schemes` that ask for a credential. The 0.1 samples (and SDKs copied from them)
 * write `schemes: ["public"]` for an open agent: a scheme that names no credential requires none.
 */
function readLegacyAuth(card: JsonObject): string[] {
  const auth = card["authentication"];
  if (!isObject(auth)) return [];
  return stringsOf(auth["schemes"]).filter((scheme) => !OPEN_SCHEMES.has(scheme.trim().toLowerCase()));
}

const OPEN_SCHEMES: ReadonlySet<string> = new Set(["public", "none", "anonymous", ""]);
