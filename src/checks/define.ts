import type { CheckDefinition, CheckVerdict } from "./types.js";

/** Declares a check; the identity function keeps declarations typed and greppable. */
export function defineCheck(check: CheckDefinition): CheckDefinition {
  return check;
}

/** The behaviour meets the requirement. */
export const pass = (message: string, evidence?: string[]): CheckVerdict => ({
  status: "pass",
  message,
  ...(evidence?.length ? { evidence } : {}),
});

/** The behaviour breaks the requirement; the evidence shows how. */
export const fail = (message: string, evidence?: string[]): CheckVerdict => ({
  status: "fail",
  message,
  ...(evidence?.length ? { evidence } : {}),
});

/**
 * The behaviour breaks the requirement and leaves nothing the dependent checks could use (no task id
 * anywhere, the operation refused outright): they are reported as not run because of this failure.
 */
export const failBlocking = (message: string, evidence?: string[]): CheckVerdict => ({
  ...fail(message, evidence),
  blocks: true,
});

/**
 * The agent does not do something the spec leaves open (a MAY): a note, not a failure, and it lowers
 * neither the level nor the score (RFC 2119 §5: an implementation without the option must still
 * interoperate with one that has it). Doing the optional thing wrongly is a failure as usual.
 */
export const notSupported = (message: string, evidence?: string[]): CheckVerdict => ({
  status: "skip",
  message,
  ...(evidence?.length ? { evidence } : {}),
  applicable: false,
  notSupported: true,
});

/** The check cannot apply to this agent; the message says why and how to make it apply. */
export const skip = (message: string): CheckVerdict => ({ status: "skip", message });

/**
 * The agent shows no behaviour the check judges, and its card claims none (e.g. it never asks back):
 * a skip that leaves the conformance level alone, unlike a check that could not run.
 */
export const notApplicable = (message: string): CheckVerdict => ({
  status: "skip",
  message,
  applicable: false,
});
