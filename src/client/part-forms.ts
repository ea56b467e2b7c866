import { jsonRpcCodes } from "../protocol/error-codes.js";
import type { ProtocolGeneration } from "../model/generation.js";
import { describeFailure } from "./describe-failure.js";
import type { PartStyle } from "./message-parts.js";
import type {
  A2AError,
  CallOutcome,
  LearnedPartForm,
  LearnedEndpoints,
  SendInput,
  StreamOutcome,
} from "./types.js";

/**
 * Read leniently: an agent that refuses the text part its generation specifies, but takes one of another
 * generation's forms (AgoraMesh's 1.0 bridge reads only 0.1's `{type: "text"}`), still has its tasks
 * tested. The refusal is one finding, lifecycle.send-returns-task's (through `readDespite`), and every
 * other check goes on with the form the agent takes.
 *
 * The same memory bends a whole 0.3 HTTP+JSON message (restMessageForms): Plainwright sends the 0.3 proto
 * as JSON, as both official SDKs do, but the 0.3 text gives the REST payload as `{message: Message, …}` with
 * §6.4's Message (§7.1 "REST" tab; §3.2.3: "structurally equivalent to the core A2A data structures"), and
 * a server written from the text (cmgzone/asiss "gitu") reads only that.
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

/** Which errors refuse a message as unreadable. */
type Refuses = (error: A2AError) => boolean;

const rpcRefuses: Refuses = (error) => refusalCodes.has(error.code);

/**
 * Over HTTP+JSON also a 400 or 422 whose body names no A2A error (rest/errors.ts gives it code 0): how a
 * server that reads the body with its own schema says it could not (0.3 §3.2.3 leaves the format open).
 */
const restRefuses: Refuses = (error) =>
  refusalCodes.has(error.code) ||
  (error.code === 0 && (error.httpStatus === 400 || error.httpStatus === 422));

/** What `readDespite` says of a call made with another generation's part form. */
function bentNote(generation: ProtocolGeneration, learned: LearnedPartForm): string {
  return (
    `the agent refused a message whose text part has the form A2A ${generation} specifies (${learned.refusal}) ` +
    `and took it only with ${formNames[learned.form]}`
  );
}

/** What `readDespite` says of a 0.3 HTTP+JSON message sent in the form the spec's text gives. */
function restNote(_generation: ProtocolGeneration, learned: LearnedPartForm): string {
  return (
    `the agent refused a 0.3 HTTP+JSON message in the 0.3 proto's JSON form, which both official SDKs send ` +
    `("role": "ROLE_USER", parts under "content" as {"text": ...}) (${learned.refusal}), and took it only in ` +
    `the form the 0.3 text gives (§7.1 REST payload {message, configuration} with the §6.4 Message: ` +
    `"kind": "message", "role": "user", parts [{"kind": "text", ...}]), so SDK clients cannot talk to it`
  );
}

/** Whether a message is only text: the one kind of message whose form Plainwright bends. */
function onlyText(input: SendInput): boolean {
  return !input.parts?.length;
}

/** What is bent, what it is bent into, and how the finding names it. */
export interface FormFamily {
  /** Whether a message is sent in the form the endpoint was found to take. */
  bends: (input: SendInput) => boolean;
  /** Whether a refusal of this message in the spec's form is worth trying the others for. */
  learnsFrom: (input: SendInput) => boolean;
  /**
   * Whether an endpoint that once took the spec's form is never taught another: a later refusal is then
   * the message's, not the form's (an SDK server reads a body of the other form as an empty message).
   */
  trustsTaken: boolean;
  /** The forms tried after the spec's own, nearest first. */
  others: (generation: ProtocolGeneration) => readonly PartStyle[];
  /** What `readDespite` says once the agent took another form. */
  note: (generation: ProtocolGeneration, learned: LearnedPartForm) => string;
  /**
   * Whether the forms tried are ones the spec's own text gives too (0.3's REST payload as its §7.1 writes it):
   * the outcome says so (readDespiteAllowed), and taking only them is an interop note, never a failure.
   */
  allowed: boolean;
}

/** A text part's form (JSON-RPC): only text messages, since a file or data part is what its check tests. */
const textPartForms: FormFamily = {
  bends: onlyText,
  learnsFrom: onlyText,
  trustsTaken: false,
  others: (g) => otherForms[g],
  note: bentNote,
  allowed: false,
};

/**
 * A whole 0.3 HTTP+JSON message: "0.3" is the message as 0.3's JSON-RPC params carry it (rest/bodies.ts
 * sendBodyIn). Learned from a text message only, as the part forms are, but then every message goes in
 * it, files too: an agent that cannot read the proto envelope reads none of them.
 */
export const restMessageForms: FormFamily = {
  bends: () => true,
  learnsFrom: onlyText,
  trustsTaken: true,
  others: (g) => (g === "0.3" ? ["0.3"] : []),
  note: restNote,
  allowed: true,
};

function refusedCall(outcome: CallOutcome<unknown>, refuses: Refuses): string | undefined {
  if (outcome.ok || outcome.kind !== "error" || !refuses(outcome.error)) return undefined;
  return describeFailure(outcome);
}

/** A stream refused before it started, or whose only content is one refusal. */
function refusedStream(outcome: StreamOutcome, refuses: Refuses): string | undefined {
  if (outcome.failure) return refusedCall(outcome.failure, refuses);
  const [only] = outcome.errors;
  if (outcome.events.length > 0 || outcome.errors.length !== 1 || !only || !refuses(only)) return undefined;
  return `${only.name} (${only.code}): ${only.message}`;
}

/**
 * The endpoint a learned form belongs to. JSON-RPC's key has no binding (as before); another binding's
 * has, since its forms mean other things and it may share the URL.
 */
export function partFormKey(url: string, generation: ProtocolGeneration, binding?: string): string {
  return binding === undefined || binding === "JSONRPC"
    ? `${generation} ${url}`
    : `${generation} ${binding} ${url}`;
}

/** The form an endpoint was found to take instead of its generation's own, if it was. */
export function learnedPartForm(
  memory: LearnedEndpoints | undefined,
  url: string,
  generation: ProtocolGeneration,
  binding?: string,
): PartStyle | undefined {
  return memory?.partForm(partFormKey(url, generation, binding))?.form;
}

/** How the outcomes of one kind of call are told apart: refused, taken, and marked as bent. */
export interface FormPolicy<T> {
  /** Why the agent refused the spec's form, or undefined when it did not refuse the message. */
  refused: (outcome: T) => string | undefined;
  /** Whether the agent took the message in an attempt. */
  accepted: (outcome: T) => boolean;
  /**
   * The outcome of an accepted attempt in another form, told so: its own traffic first (a check reads the
   * send's reply from the first id), then the refused attempts'.
   */
  mark: (outcome: T, note: string, before: readonly T[], allowed: boolean) => T;
}

interface Bending<T> extends FormPolicy<T> {
  memory: LearnedEndpoints;
  key: string;
  generation: ProtocolGeneration;
  input: SendInput;
  /** One attempt: undefined is the spec's own form. */
  attempt: (form: PartStyle | undefined) => Promise<T>;
  /** What is bent; a text part's form unless told. */
  family?: FormFamily;
}

/** A message in the spec's form, else in the form the agent takes (see the module's comment). */
export async function sendInTakenForm<T>(b: Bending<T>): Promise<T> {
  const family = b.family ?? textPartForms;
  const known = family.bends(b.input) ? b.memory.partForm(b.key) : undefined;
  if (known) {
    const outcome = await b.attempt(known.form);
    return b.accepted(outcome)
      ? b.mark(outcome, family.note(b.generation, known), [], family.allowed)
      : outcome;
  }
  const first = await b.attempt(undefined);
  if (family.trustsTaken && b.accepted(first)) b.memory.noteSpecifiedFormTaken(b.key);
  const learns = family.learnsFrom(b.input) && !(family.trustsTaken && b.memory.tookSpecifiedForm(b.key));
  const refusal = learns ? b.refused(first) : undefined;
  if (refusal === undefined) return first;
  return inOtherForms(b, family, first, refusal);
}

/** The message again in each other form until one is taken (sendInTakenForm, the spec's form refused). */
async function inOtherForms<T>(b: Bending<T>, family: FormFamily, first: T, refusal: string): Promise<T> {
  const tried = [first];
  for (const form of family.others(b.generation)) {
    const outcome = await b.attempt(form);
    if (!b.accepted(outcome)) {
      tried.push(outcome);
      continue;
    }
    // Judge strictly only what holds: an agent that now takes the spec's form after all (the refusal was a
    // passing fault) is answered in it, and nothing is learned.
    const again = await b.attempt(undefined);
    if (b.accepted(again)) {
      if (family.trustsTaken) b.memory.noteSpecifiedFormTaken(b.key);
      return again;
    }
    const learned = { form, refusal };
    b.memory.learnPartForm(b.key, learned);
    return b.mark(outcome, family.note(b.generation, learned), [...tried, again], family.allowed);
  }
  return first;
}

function callPolicy<V>(refuses: Refuses): FormPolicy<CallOutcome<V>> {
  return {
    refused: (outcome) => refusedCall(outcome, refuses),
    accepted: (outcome) => outcome.ok,
    mark: (outcome, note, before, allowed) =>
      outcome.ok
        ? {
            ...outcome,
            trafficIds: [...outcome.trafficIds, ...before.flatMap((o) => o.trafficIds)],
            readDespite: note,
            ...(allowed ? { readDespiteAllowed: true as const } : {}),
          }
        : outcome,
  };
}

function streamPolicy(refuses: Refuses): FormPolicy<StreamOutcome> {
  return {
    refused: (outcome) => refusedStream(outcome, refuses),
    accepted: (outcome) =>
      !outcome.failure &&
      refusedStream(outcome, refuses) === undefined &&
      outcome.events.length + outcome.invalidEvents.length > 0,
    mark: (outcome, note, before, allowed) => ({
      ...outcome,
      trafficIds: [...outcome.trafficIds, ...before.flatMap((o) => o.trafficIds)],
      readDespite: note,
      ...(allowed ? { readDespiteAllowed: true as const } : {}),
    }),
  };
}

/** The policy of a single call (a send): taken when it answers. */
export function callForms<V>(): FormPolicy<CallOutcome<V>> {
  return callPolicy(rpcRefuses);
}

/** The policy of a message stream: taken when it delivers something, if only events it could not read. */
export const streamForms: FormPolicy<StreamOutcome> = streamPolicy(rpcRefuses);

/** A send over HTTP+JSON, where a 400 or 422 that names no A2A error refuses the body too. */
export function restCallForms<V>(): FormPolicy<CallOutcome<V>> {
  return callPolicy(restRefuses);
}

/** A message stream over HTTP+JSON (see restCallForms). */
export const restStreamForms: FormPolicy<StreamOutcome> = streamPolicy(restRefuses);
