/** Rules for the card's descriptive fields: name, description, version, protocolVersion, provider, links. */
import type { ProtocolGeneration } from "../../model/generation.js";
import type { IssueLog } from "./read.js";
import { type JsonObject, isObject } from "../../model/json.js";
import { describe, isHttpUrl, isNonEmptyString, looksLikeVersion, mustBe, readField } from "./read.js";

// docs/test-files.md, card validation: "name, description, version — error when missing or not a non-empty string".
const REQUIRED_TEXT = ["name", "description", "version"] as const;

// docs/test-files.md, card validation: "documentationUrl, iconUrl — warning when not an http(s) URL".
const OPTIONAL_URLS = ["documentationUrl", "iconUrl"] as const;

export interface Identity {
  name: string | null;
  description: string | null;
  version: string | null;
}

/**
 * Checks name, description and version; returns them when they are strings. A 0.1 card may leave out its
 * description (0.1.0 §5.5 AgentCard: "Required: No"; a2a.json at v0.1.0 requires name, url, version,
 * capabilities and skills); one it gives is still a string.
 */
export function checkIdentity(card: JsonObject, log: IssueLog, generation?: ProtocolGeneration): Identity {
  const out: Identity = { name: null, description: null, version: null };
  for (const key of REQUIRED_TEXT) {
    const field = readField(card, "", key, log);
    const optional = generation === "0.1" && key === "description" && field.value === undefined;
    if (!optional && !isNonEmptyString(field.value))
      log.error(field.path, mustBe(field.path, field.value, "a non-empty string"));
    out[key] = typeof field.value === "string" ? field.value : null;
  }
  return out;
}

/**
 * Checks the top-level protocolVersion. Seed: error when present but not a string such as "0.3.0",
 * warning when missing. A 1.0 card states versions per interface, so a missing one is fine there.
 */
export function checkProtocolVersion(
  card: JsonObject,
  log: IssueLog,
  generation: ProtocolGeneration,
  hasSupportedInterfaces: boolean,
  /** The agent speaks 0.1 on the wire (the card is then read as 0.1's whatever its shape). */
  wireIsOneZeroOne = false,
): string | null {
  const field = readField(card, "", "protocolVersion", log);
  if (field.value === undefined) {
    if (hasSupportedInterfaces) return null;
    const treatedAs = wireIsOneZeroOne
      ? "the card is read as A2A 0.1, which its agent speaks on the wire"
      : generation === "0.1"
        ? "the card looks like A2A 0.1 (authentication, no securitySchemes)"
        : "the card is treated as A2A 0.2";
    log.warn(field.path, `${field.path} is missing; ${treatedAs}`);
    return null;
  }
  if (!looksLikeVersion(field.value)) {
    log.error(
      field.path,
      `${field.path} must be a version string such as "0.3.0", got ${describe(field.value)}`,
    );
  }
  return typeof field.value === "string" ? field.value : null;
}

/** docs/test-files.md, card validation: provider — warning when it has no organization. */
export function checkProvider(card: JsonObject, log: IssueLog): void {
  const field = readField(card, "", "provider", log);
  if (field.value === undefined) return;
  if (!isObject(field.value)) {
    log.warn(
      field.path,
      `${field.path} must be an object with an organization, got ${describe(field.value)}`,
    );
    return;
  }
  const org = readField(field.value, field.path, "organization", log);
  if (!isNonEmptyString(org.value)) log.warn(org.path, mustBe(org.path, org.value, "a non-empty string"));
}

/** docs/test-files.md, card validation: documentationUrl, iconUrl — warning when not an http(s) URL. */
export function checkOptionalUrls(card: JsonObject, log: IssueLog): void {
  for (const key of OPTIONAL_URLS) {
    const field = readField(card, "", key, log);
    if (field.value !== undefined && !isHttpUrl(field.value)) {
      log.warn(field.path, `${field.path} must be an http(s) URL, got ${describe(field.value)}`);
    }
  }
}
