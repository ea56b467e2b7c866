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
