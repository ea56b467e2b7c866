/**
 * Card validation (docs/test-files.md, "How an A2A test runs", step 2): errors and warnings with JSON paths, plus
 * the normalised card.
 */
import { detectGeneration, emptyCard } from "./normalize.js";
import { checkCapabilities, checkDefaultModes, readRequiredExtensions } from "./rules/capabilities.js";
import { checkIdentity, checkOptionalUrls, checkProtocolVersion, checkProvider } from "./rules/identity.js";
import { checkInterfaces } from "./rules/interfaces.js";
import { describe, IssueLog, peekField } from "./rules/read.js";
import { isObject } from "../model/json.js";
import { generationOf, type ProtocolGeneration } from "../model/generation.js";
import { readSecurity } from "./rules/security.js";
import { checkSkills } from "./rules/skills.js";
import type { CardInterface, CardValidation, NormalizedCard } from "./types.js";

/** Validates any parsed JSON value as an A2A agent card (0.1 to 1.0, hybrids included); never throws. */
/**
 * `wire`: the generation the agent answers on the wire, when that is known and the card states none of its
 * own; a card without any version is then also judged as what a client of that generation reads.
 */
export function validateCard(raw: unknown, wire?: ProtocolGeneration): CardValidation {
  const log = new IssueLog();
  if (!isObject(raw)) {
    log.error("$", `the card must be a JSON object, got ${describe(raw)}`);
    return { errors: log.errors, warnings: log.warnings, card: emptyCard() };
  }
  const hasSupported = peekField(raw, "supportedInterfaces") !== undefined;
  // A card without a version of its own, before an agent that speaks 0.1, is the card 0.1 clients read.
  const versionless = !hasSupported && peekField(raw, "protocolVersion") === undefined;
  const generation = wire === "0.1" && versionless ? "0.1" : detectGeneration(raw);
  // 0.1's optional members are judged by 0.1's rules only where 0.1 is known: stated by the card, or spoken on
  // the wire. A card that only looks like 0.1 (authentication, no version) may be any version's.
  const stated = peekField(raw, "protocolVersion");
  const rules: ProtocolGeneration | undefined =
    (wire === "0.1" && versionless) || (typeof stated === "string" && generationOf(stated) === "0.1")
      ? "0.1"
      : undefined;
  const identity = checkIdentity(raw, log, rules);
  const cardVersion = checkProtocolVersion(raw, log, generation, hasSupported, wire === "0.1");
  const where = checkInterfaces(raw, log, cardVersion, wire);
  checkProvider(raw, log);
  checkOptionalUrls(raw, log);
  const capabilities = checkCapabilities(raw, log);
  checkDefaultModes(raw, log, rules);
  // 1.0's required arrays must hold an element (1.0.1 §5.7); 0.1's optional members are 0.1's rules.
  const skills = checkSkills(raw, log, rules ?? (generation === "1.0" ? "1.0" : undefined));
  const card: NormalizedCard = {
    ...emptyCard(generation),
    ...identity,
    protocolVersion:
      generation === "1.0" ? firstInterfaceVersion(where.interfaces, cardVersion) : cardVersion,
    ...where,
    capabilities,
    skills,
    ...readSecurity(raw, log),
    requiredExtensions: readRequiredExtensions(raw),
  };
  return { errors: log.errors, warnings: log.warnings, card };
}

// types.ts: "for 1.0: the first interface's" protocolVersion; a hybrid card's top-level one is the fallback.
function firstInterfaceVersion(interfaces: CardInterface[], cardVersion: string | null): string | null {
  return interfaces[0]?.protocolVersion ?? cardVersion;
}
