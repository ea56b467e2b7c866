import type { CallOutcome } from "./types.js";

/** A failed call as one line: the A2A error with its code, the network rule, or why the reply was unreadable. */
export function describeFailure(outcome: Exclude<CallOutcome<unknown>, { ok: true }>): string {
  switch (outcome.kind) {
    case "error":
      return `${outcome.error.name} (${outcome.error.code}): ${outcome.error.message}`;
    case "unreachable":
      return outcome.error.message;
    default:
      return outcome.reason;
  }
}
