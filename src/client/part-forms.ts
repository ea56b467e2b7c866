import { jsonRpcCodes } from "../protocol/error-codes.js";
import type { ProtocolGeneration } from "../model/generation.js";
import { describeFailure } from "./describe-failure.js";
import type { PartStyle } from "./message-parts.js";
import type { CallOutcome, LearnedPartForm, PartFormStore, SendInput, StreamOutcome } from "./types.js";

/**
 * Read leniently: an agent that refuses the text part its generation specifies, but takes one of another
 * generation's forms (AgoraMesh's 1.0 bridge reads only 0.1's `{type: "text"}`), still has its tasks
 * tested. The refusal is one finding, lifecycle.send-returns-task's (through `readDespite`), and every
 * other check goes on with the form the agent takes.
 */

/** The other forms of a text part, tried in this order: the generations nearest first. */
const otherForms: Record<ProtocolGeneration, readonly PartStyle[]> = {
  "0.1": ["0.3", "1.0"],
  "0.2": ["1.0", "0.1"],
  "0.3": ["1.0", "0.1"],
  "1.0": ["0.3", "0.1"],
};

const formNames: Record<PartStyle, string> = {
  "0.1": 'A2A 0.1\'s {"type": "text"}',
  "0.2": 'A2A 0.2\'s {"kind": "text"}',
  "0.3": 'A2A 0.3\'s {"kind": "text"}',
  "1.0": 'A2A 1.0\'s {"text": ...} (no discriminator)',
  "proto-0.3": "the 0.3 proto's text part",
};

/** The errors an agent refuses a message it cannot read with: invalid params or request, or a crash on it. */
const refusalCodes = new Set<number>([
  jsonRpcCodes.invalidParams,
  jsonRpcCodes.invalidRequest,
  jsonRpcCodes.internalError,
]);

/**
 * The form each endpoint was found to take, shared by every client of a run (ClientContext.partForms),
 * so that the spec's form is refused once, not once per check.
 */
export class PartFormMemory implements PartFormStore {
  readonly #learned = new Map<string, LearnedPartForm>();

  get(key: string): LearnedPartForm | undefined {
    return this.#learned.get(key);
  }

  set(key: string, learned: LearnedPartForm): void {
    if (!this.#learned.has(key)) this.#learned.set(key, learned);
  }
}

/** What `readDespite` says of a call made with another generation's part form. */
function bentNote(generation: ProtocolGeneration, learned: LearnedPartForm): string {
  return (
    `the agent refused a message whose text part has the form A2A ${generation} specifies (${learned.refusal}) ` +
    `and took it only with ${formNames[learned.form]}`
  );
}

/** Whether a message is only text: the one kind of message whose form Plainwright bends. */
function onlyText(input: SendInput): boolean {
  return !input.parts?.length;
}

function refusedCall(outcome: CallOutcome<unknown>): string | undefined {
  if (outcome.ok || outcome.kind !== "error" || !refusalCodes.has(outcome.error.code)) return undefined;
  return describeFailure(outcome);
}

/** A stream refused before it started, or whose only content is one refusal. */
function refusedStream(outcome: StreamOutcome): string | undefined {
  if (outcome.failure) return refusedCall(outcome.failure);
  const [only] = outcome.errors;
  if (outcome.events.length > 0 || outcome.errors.length !== 1 || !only || !refusalCodes.has(only.code))
    return undefined;
  return `${only.name} (${only.code}): ${only.message}`;
}

/** The endpoint a learned form belongs to. */
export function partFormKey(url: string, generation: ProtocolGeneration): string {
  return `${generation} ${url}`;
}

/** The form an endpoint was found to take instead of its generation's own, if it was. */
export function learnedPartForm(
  memory: PartFormStore | undefined,
  url: string,
  generation: ProtocolGeneration,
): PartStyle | undefined {
  return memory?.get(partFormKey(url, generation))?.form;
}

/** How the outcomes of one kind of call are told apart: refused, taken, and marked as bent. */
interface FormPolicy<T> {
  /** Why the agent refused the spec's form, or undefined when it did not refuse the message. */
  refused: (outcome: T) => string | undefined;
  /** Whether the agent took the message in an attempt. */
  accepted: (outcome: T) => boolean;
  /**
   * The outcome of an accepted attempt in another form, told so: its own traffic first (a check reads the
   * send's reply from the first id), then the refused attempts'.
   */
  mark: (outcome: T, note: string, before: readonly T[]) => T;
}

interface Bending<T> extends FormPolicy<T> {
  memory: PartFormStore;
  key: string;
  generation: ProtocolGeneration;
  input: SendInput;
  /** One attempt: undefined is the spec's own form. */
  attempt: (form: PartStyle | undefined) => Promise<T>;
}

/** A message in the spec's form, else in the form the agent takes (see the module's comment). */
export async function sendInTakenForm<T>(b: Bending<T>): Promise<T> {
  if (!onlyText(b.input)) return b.attempt(undefined);
  const known = b.memory.get(b.key);
  if (known) {
    const outcome = await b.attempt(known.form);
    return b.accepted(outcome) ? b.mark(outcome, bentNote(b.generation, known), []) : outcome;
  }
  const first = await b.attempt(undefined);
  const refusal = b.refused(first);
  if (refusal === undefined) return first;
  const tried = [first];
  for (const form of otherForms[b.generation]) {
    const outcome = await b.attempt(form);
    if (!b.accepted(outcome)) {
      tried.push(outcome);
      continue;
    }
    // Judge strictly only what holds: an agent that now takes the spec's form after all (the refusal was a
    // passing fault) is answered in it, and nothing is learned.
    const again = await b.attempt(undefined);
    if (b.accepted(again)) return again;
    const learned = { form, refusal };
    b.memory.set(b.key, learned);
    return b.mark(outcome, bentNote(b.generation, learned), [...tried, again]);
  }
  return first;
}

/** The policy of a single call (a send): taken when it answers. */
export function callForms<V>(): FormPolicy<CallOutcome<V>> {
  return {
    refused: refusedCall,
    accepted: (outcome) => outcome.ok,
    mark: (outcome, note, before) =>
      outcome.ok
        ? {
            ...outcome,
            trafficIds: [...outcome.trafficIds, ...before.flatMap((o) => o.trafficIds)],
            readDespite: note,
          }
        : outcome,
  };
}

/** The policy of a message stream: taken when it delivers something, if only events it could not read. */
export const streamForms: FormPolicy<StreamOutcome> = {
  refused: refusedStream,
  accepted: (outcome) =>
    !outcome.failure &&
    refusedStream(outcome) === undefined &&
    outcome.events.length + outcome.invalidEvents.length > 0,
  mark: (outcome, note, before) => ({
    ...outcome,
    trafficIds: [...outcome.trafficIds, ...before.flatMap((o) => o.trafficIds)],
    readDespite: note,
  }),
};
