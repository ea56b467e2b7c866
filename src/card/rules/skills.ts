/** Rules for `skills` and each skill in it. */
import type { ProtocolGeneration } from "../../model/generation.js";
import type { CardSkill } from "../../model/result.js";
import type { IssueLog } from "./read.js";
import { type JsonObject, isObject } from "../../model/json.js";
import {
  describe,
  isNonEmptyString,
  mediaTypeProblem,
  mustBe,
  readField,
  stringListProblem,
  stringsOf,
} from "./read.js";

// docs/test-files.md, card validation, "each skill": error when id, name or description is missing.
const SKILL_TEXT = ["id", "name", "description"] as const;

// docs/test-files.md, card validation, "each skill": warning when examples, inputModes or outputModes is not a list of strings.
const SKILL_OPTIONAL_LISTS = ["examples", "inputModes", "outputModes"] as const;

/**
 * Checks `skills` (error when missing or not a list, warning when empty) and every skill in it. A 0.1 skill
 * may leave out its description (0.1.0 §5.5.4 AgentSkill: "Required: No").
 */
export function checkSkills(card: JsonObject, log: IssueLog, generation?: ProtocolGeneration): CardSkill[] {
  const field = readField(card, "", "skills", log);
  if (!Array.isArray(field.value)) {
    log.error(field.path, mustBe(field.path, field.value, "a list of skills"));
    return [];
  }
  // 1.0.1 §5.7: "Arrays marked as required MUST contain at least one element" (a2a.proto AgentCard.skills).
  if (field.value.length === 0 && generation === "1.0")
    log.error(
      field.path,
      `${field.path} is empty; an A2A 1.0 card must list at least one skill (1.0.1 §5.7)`,
    );
  else if (field.value.length === 0)
    log.warn(field.path, `${field.path} is empty; the card advertises no skill`);
  const seenIds = new Map<string, string>();
  const skills: CardSkill[] = [];
  field.value.forEach((entry: unknown, i) => {
    const skill = checkSkill(entry, `${field.path}[${i}]`, log, seenIds, generation);
    if (skill) skills.push(skill);
  });
  return skills;
}

function checkSkill(
  entry: unknown,
  path: string,
  log: IssueLog,
  seenIds: Map<string, string>,
  generation: ProtocolGeneration | undefined,
): CardSkill | null {
  const descriptionOptional = generation === "0.1";
  if (!isObject(entry)) {
    log.error(path, `${path} must be an object, got ${describe(entry)}`);
    return null;
  }
  const text = { id: "", name: "", description: "" };
  for (const key of SKILL_TEXT) {
    const field = readField(entry, path, key, log);
    const optional = descriptionOptional && key === "description" && field.value === undefined;
    // An empty description is still the string every version requires (0.2.5 §5.5.4, 0.3 §5.5.4 AgentSkill,
    // no minimum length): a warning, not an error (seen at first sight: a skill whose source text was missing).
    if (key === "description" && field.value === "")
      log.warn(field.path, `${field.path} is empty: a client choosing a skill by it has nothing to read`);
    else if (!optional && !isNonEmptyString(field.value))
      log.error(field.path, mustBe(field.path, field.value, "a non-empty string"));
    if (typeof field.value === "string") text[key] = field.value;
  }
  checkDuplicateId(text.id, `${path}.id`, log, seenIds);
  for (const key of SKILL_OPTIONAL_LISTS) {
    const field = readField(entry, path, key, log);
    if (field.value === undefined) continue;
    const problem = stringListProblem(field.path, field.value);
    if (problem !== null) log.warn(field.path, problem);
    else if (key !== "examples") {
      const notMedia = mediaTypeProblem(field.path, field.value);
      if (notMedia !== null) log.warn(field.path, notMedia);
    }
  }
  const tags = checkTags(entry, path, log, generation === "1.0");
  return { ...text, tags, examples: stringsOf(entry["examples"]) };
}

function checkDuplicateId(id: string, path: string, log: IssueLog, seenIds: Map<string, string>): void {
  if (id === "") return;
  const first = seenIds.get(id);
  if (first === undefined) seenIds.set(id, path);
  else log.error(path, `${path} ${JSON.stringify(id)} is a duplicate of ${first}`);
}

// docs/test-files.md, card validation: tags not a list of strings is an error, no tags a warning (an error on
// 1.0: a2a.proto AgentSkill.tags is REQUIRED, and 1.0.1 §5.7 "Arrays marked as required MUST contain at least
// one element").
function checkTags(entry: JsonObject, path: string, log: IssueLog, required: boolean): string[] {
  const field = readField(entry, path, "tags", log);
  if (field.value === undefined || (Array.isArray(field.value) && field.value.length === 0)) {
    if (required)
      log.error(
        field.path,
        `${field.path}: the skill has no tags; an A2A 1.0 skill must list at least one (1.0.1 §5.7)`,
      );
    else log.warn(field.path, `${field.path}: the skill has no tags; clients use them to discover it`);
    return [];
  }
  const problem = stringListProblem(field.path, field.value);
  if (problem !== null) log.error(field.path, problem);
  return stringsOf(field.value);
}
