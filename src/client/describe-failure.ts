import { isSpecCode } from "../protocol/error-codes.js";
import type { A2AError, CallOutcome } from "./types.js";

/** A failed call as one line: the A2A error with its code, the network rule, or why the reply was unreadable. */
export function describeFailure(outcome: Exclude<CallOutcome<unknown>, { ok: true }>): string {
  switch (outcome.kind) {
    case "error":
      return outcome.error.code === 0 || !isSpecCode(outcome.error.code)
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
  // A code neither JSON-RPC nor A2A defines has no name to give: its number and the agent's own words.
  if (error.code !== 0 && !isSpecCode(error.code))
    return `error ${error.code}${quoted(error.message)}, a code of the agent's own`;
  if (error.code !== 0) return `${error.name} (${error.code})`;
  if (error.message.startsWith(error.name)) return error.message;
  return `${error.name}${quoted(error.message)}, which names no A2A error`;
}

/** An agent's own words, on one line and cut at 120 characters, quoted after a space; nothing when empty. */
function quoted(message: string): string {
  const said = message.replace(/\s+/g, " ").trim();
  const shown = said.length > 120 ? `${said.slice(0, 120)}…` : said;
  return shown ? ` "${shown}"` : "";
}

/**
 * What a refusal's `data` says, cut to one short line, or "": the agent's own account of what it wanted
 * (seen at first sight: -32602 whose data named the members it requires), for a finding that advises the user.
 */
export function errorDataSaid(outcome: Exclude<CallOutcome<unknown>, { ok: true }>): string {
  if (outcome.kind !== "error" || outcome.error.data === undefined || outcome.error.data === null) return "";
  const text =
    typeof outcome.error.data === "string" ? outcome.error.data : JSON.stringify(outcome.error.data);
  const said = (text ?? "").replace(/\s+/g, " ").trim();
  if (!said) return "";
  return ` (its data: ${said.length > 160 ? `${said.slice(0, 160)}…` : said})`;
}
