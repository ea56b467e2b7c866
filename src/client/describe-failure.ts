import type { A2AError, CallOutcome } from "./types.js";

/** A failed call as one line: the A2A error with its code, the network rule, or why the reply was unreadable. */
export function describeFailure(outcome: Exclude<CallOutcome<unknown>, { ok: true }>): string {
  switch (outcome.kind) {
    case "error":
      return outcome.error.code === 0
        ? errorCalled(outcome.error)
        : `${outcome.error.name} (${outcome.error.code}): ${outcome.error.message}`;
    case "unreachable":
      return outcome.error.message;
    default:
      return outcome.reason;
  }
}

/**
 * An error as a finding names it: the A2A error and its code; an answer that names no A2A error (code 0:
 * a 404 page of a route the server lacks, a bare HTTP or gRPC status) as what it was, never as "HTTP 404 (0)".
 */
export function errorCalled(error: A2AError): string {
  if (error.code !== 0) return `${error.name} (${error.code})`;
  if (error.message.startsWith(error.name)) return error.message;
  const said = error.message.replace(/\s+/g, " ").trim();
  const shown = said.length > 120 ? `${said.slice(0, 120)}…` : said;
  return `${error.name}${shown ? ` "${shown}"` : ""}, which names no A2A error`;
}
