import type { Attack, Pack } from "../types.js";
import { crossContextLeakage } from "./cross-context-leakage/index.js";
import { dataExfiltration } from "./data-exfiltration/index.js";
import { excessiveAgency } from "./excessive-agency/index.js";
import { identitySpoofing } from "./identity-spoofing/index.js";
import { jailbreak } from "./jailbreak/index.js";
import { promptInjection } from "./prompt-injection/index.js";
import { systemPromptExtraction } from "./system-prompt-extraction/index.js";

/** The seven packs, in order; the only registry. */
export const PACKS: readonly Pack[] = [
  promptInjection,
  jailbreak,
  systemPromptExtraction,
  dataExfiltration,
  crossContextLeakage,
  excessiveAgency,
  identitySpoofing,
];

/** Every attack of every pack. */
export function allAttacks(): Attack[] {
  return PACKS.flatMap((p) => p.attacks);
}
