import { describeFailure } from "./describe-failure.js";
import type { FormPolicy } from "./part-forms.js";
import type { CallOutcome, LearnedEndpoints, LearnedSkill, SendInput, StreamOutcome } from "./types.js";

/**
 * Read leniently: an agent that takes a message only when it names one of the agent's skills in metadata of its
 * own (seen at first sight: a 1.0 peer refusing every spec-shaped message -32004 "unsupported skill ''", served
 * with `metadata.skill` naming the skill its card lists) still has its tasks tested. No A2A version defines such a
 * field (Message.metadata and the request's metadata are open maps), so the refusal is one finding,
 * lifecycle.send-returns-task's (through `readDespite`), and every other message names the skill it learned, in
 * the message's metadata and the request's alike, as `skill` and `skillId`.
 */

/** A refusal that speaks of a skill: the only one worth naming a skill for. */
const SPEAKS_OF_SKILL = /\bskill/i;

/** The skills tried, at most: those the refusal names first, then the card's in its order. */
const MOST_TRIED = 3;

/** The message again, naming `skill` in its metadata and in the request's (what is given already stays). */
export function namingSkill(input: SendInput, skill: string): SendInput {
  const named = { skill, skillId: skill };
  return {
    ...input,
    metadata: { ...named, ...input.metadata },
    requestMetadata: { ...named, ...input.requestMetadata },
  };
}

/** What the outcome of a message says when it is a refusal: the error, as a finding names it. */
export function refusalOf(outcome: CallOutcome<unknown> | StreamOutcome): string | undefined {
  if ("ok" in outcome) return !outcome.ok && outcome.kind === "error" ? describeFailure(outcome) : undefined;
  if (outcome.failure) return outcome.failure.kind === "error" ? describeFailure(outcome.failure) : undefined;
  const [error] = outcome.errors;
  return error && outcome.events.length === 0
    ? `${error.name || "error"} (${error.code}): ${error.message}`
    : undefined;
}

function note(learned: LearnedSkill): string {
  return (
    `the agent refused a message that names no skill (${learned.refusal}) and took it only with metadata naming ` +
    `one of its card's skills ("skill": "${learned.skill}"), a convention of its own: no A2A version defines ` +
    `such a field, so a client that follows the spec cannot talk to it`
  );
}

/** The card's skills in the order to try them: those the refusal names first. */
function candidates(skillIds: readonly string[], refusal: string): string[] {
  const named = skillIds.filter((id) => refusal.includes(id));
  return [...named, ...skillIds.filter((id) => !named.includes(id))].slice(0, MOST_TRIED);
}

interface SkillBending<T> extends Pick<FormPolicy<T>, "accepted" | "mark"> {
  memory: LearnedEndpoints;
  key: string;
  skillIds: readonly string[] | undefined;
  input: SendInput;
  attempt: (input: SendInput) => Promise<T>;
}

/** A message as the spec has it, else naming the skill the agent wants (see the module's comment). */
export async function sendNamingSkill<T extends CallOutcome<unknown> | StreamOutcome>(
  b: SkillBending<T>,
): Promise<T> {
  const known = b.memory.requiredSkill(b.key);
  if (known) {
    const outcome = await b.attempt(namingSkill(b.input, known.skill));
    return b.accepted(outcome) ? b.mark(outcome, note(known), [], false) : outcome;
  }
  const first = await b.attempt(b.input);
  const refusal = refusalOf(first);
  if (!refusal || !SPEAKS_OF_SKILL.test(refusal) || !b.skillIds?.length) return first;
  for (const skill of candidates(b.skillIds, refusal)) {
    const outcome = await b.attempt(namingSkill(b.input, skill));
    if (!b.accepted(outcome)) continue;
    // Judge strictly only what holds: an agent that now takes the message as the spec has it after all (the
    // refusal was a passing fault, an answer of its model) is answered so, and nothing is learned.
    const again = await b.attempt(b.input);
    if (b.accepted(again)) return again;
    const learned = { skill, refusal };
    b.memory.learnRequiredSkill(b.key, learned);
    return b.mark(outcome, note(learned), [first, again], false);
  }
  return first;
}
