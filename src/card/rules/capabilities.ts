/** Rules for capabilities and the default input/output modes. */
import type { ProtocolGeneration } from "../../model/generation.js";
import type { NormalizedCard } from "../types.js";
import type { IssueLog } from "./read.js";
import { type JsonObject, isObject } from "../../model/json.js";
import { describe, mediaTypeProblem, mustBe, peekField, readField, stringListProblem } from "./read.js";

type Capabilities = NormalizedCard["capabilities"];

// docs/test-files.md, card validation: a warning when streaming, pushNotifications or stateTransitionHistory is not true/false;
// 1.0 adds extendedAgentCard, checked the same way. All default to false (A2A 1.0 §4.4).
const CAPABILITY_FLAGS = [
  "streaming",
  "pushNotifications",
  "stateTransitionHistory",
  "extendedAgentCard",
] as const;

// docs/test-files.md, card validation: "defaultInputModes, defaultOutputModes — error when missing, empty, or not a list of strings".
const DEFAULT_MODES = ["defaultInputModes", "defaultOutputModes"] as const;

/** Checks `capabilities` (error when missing or not an object) and its boolean flags (warnings). */
export function checkCapabilities(card: JsonObject, log: IssueLog): Capabilities {
  const out: Capabilities = {
    streaming: false,
    pushNotifications: false,
    stateTransitionHistory: false,
    extendedAgentCard: checkLegacyExtendedCard(card, log),
  };
  const field = readField(card, "", "capabilities", log);
  if (!isObject(field.value)) {
    log.error(field.path, mustBe(field.path, field.value, "an object"));
    return { ...out, ...flagsNamedIn(field.value) };
  }
  for (const flag of CAPABILITY_FLAGS) {
    const value = readField(field.value, field.path, flag, log);
    if (value.value === undefined) continue;
    if (typeof value.value !== "boolean") {
      log.warn(value.path, `${value.path} must be true or false, got ${describe(value.value)}`);
      continue;
    }
    out[flag] = out[flag] || value.value;
  }
  return out;
}

/**
 * A capabilities list such as ["streaming", "push-notifications"] is an error, reported above; read
 * leniently, it still claims the flags it names, so the checks of those features run and judge the wire.
 */
function flagsNamedIn(value: unknown): Partial<Capabilities> {
  if (!Array.isArray(value)) return {};
  const named = new Set(
    value
      .filter((v): v is string => typeof v === "string")
      .map((v) => v.toLowerCase().replace(/[^a-z]/g, "")),
  );
  return Object.fromEntries(
    CAPABILITY_FLAGS.filter((flag) => named.has(flag.toLowerCase())).map((f) => [f, true]),
  );
}

// 0.2.1–0.3 put the extended card flag at the top level (A2A 1.0 §8.2); 1.0 moved it into capabilities.
function checkLegacyExtendedCard(card: JsonObject, log: IssueLog): boolean {
  const field = readField(card, "", "supportsAuthenticatedExtendedCard", log);
  if (field.value === undefined) return false;
  if (typeof field.value === "boolean") return field.value;
  log.warn(field.path, `${field.path} must be true or false, got ${describe(field.value)}`);
  return false;
}

/**
 * Checks defaultInputModes and defaultOutputModes. A 0.1 card may leave them out (0.1.0 §5.5: "Required: No
 * … Defaults to ["text/plain"] if omitted"); lists it gives are judged all the same.
 */
export function checkDefaultModes(card: JsonObject, log: IssueLog, generation?: ProtocolGeneration): void {
  for (const key of DEFAULT_MODES) {
    const field = readField(card, "", key, log);
    if (generation === "0.1" && field.value === undefined) continue;
    const problem = stringListProblem(field.path, field.value);
    if (problem !== null) log.error(field.path, problem);
    else if (Array.isArray(field.value) && field.value.length === 0) {
      log.error(field.path, `${field.path} is empty; it must list at least one media type`);
    } else {
      const notMedia = mediaTypeProblem(field.path, field.value);
      if (notMedia !== null) log.warn(field.path, notMedia);
    }
  }
}

/**
 * The URIs of the extensions the card marks `required: true` (A2A 1.0.1 §4.4.4 AgentExtension; 0.3
 * §5.5.2.1): a client that does not activate them is refused (1.0.1 §3.3.4). Malformed entries are skipped.
 */
export function readRequiredExtensions(card: JsonObject): string[] {
  const capabilities = peekField(card, "capabilities");
  const extensions = isObject(capabilities) ? peekField(capabilities, "extensions") : undefined;
  if (!Array.isArray(extensions)) return [];
  return extensions
    .filter((e): e is JsonObject => isObject(e) && e.required === true && typeof e.uri === "string")
    .map((e) => (e.uri as string).trim())
    .filter((uri) => uri !== "");
}
