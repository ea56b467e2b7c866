import type { Finding } from "../model/finding.js";
import type { TrafficEntry } from "../model/traffic.js";

/** The check whose requirement is that bad requests do not take the server down. */
const SURVIVES = "errors.server-survives";

/**
 * Connection failures of a server that was there: the exchange was cut off, not refused at the door
 * (undici says "other side closed", Node's own client "socket hang up", ours "connection closed early").
 */
const CUT_OFF = /ECONNRESET|EPIPE|socket hang up|connection reset|(?:side|connection) closed/i;

/** How many of the cut-off exchanges a finding names (the rest are counted). */
const NAMED = 3;

/** Whether an exchange sent something no method can act on (not a JSON object naming a method): a likely killer. */
function malformed(entry: TrafficEntry): boolean {
  try {
    const body: unknown = JSON.parse(entry.request_body ?? "");
    return (
      typeof body !== "object" || body === null || typeof (body as { method?: unknown }).method !== "string"
    );
  } catch {
    return true;
  }
}

/** Words of a request that met no live agent: refused at the door, or cut off before an answer. */
const NO_AGENT = new RegExp(`could not connect|ECONNREFUSED|${CUT_OFF.source}`, "i");

/**
 * Whether a check's failure is only that the agent had stopped answering: its first problem is a request
 * that met no live agent. Such a check was cut off with the agent, not judged (seen at first sight: a send in
 * flight when a malformed request killed the process failed server-generated-ids at MUST). A failure whose
 * first problem is a verdict on an answer keeps its finding.
 */
export function cutOffWithAgent(message: string): boolean {
  const [first = ""] = message.split("; ");
  return NO_AGENT.test(first);
}

/** An exchange in a few words: what it was, where it went, and the start of what it sent. */
function described(entry: TrafficEntry): string {
  const body = entry.request_body === undefined ? "" : ` ${JSON.stringify(entry.request_body.slice(0, 120))}`;
  return `${entry.label ?? "request"} (${entry.method} ${entry.url}${body})`;
}

/** The exchanges a server cut off while they were under way (a server that was there, then was not). */
export const cutOffExchanges = (traffic: readonly TrafficEntry[]): TrafficEntry[] =>
  traffic.filter((e) => e.error?.rule === "connect" && CUT_OFF.test(e.error.message));

/** Whether a check is the one that reports an agent that stopped answering. */
export const isSurvivalCheck = (check: { id: string }): boolean => check.id === SURVIVES;

/**
 * A run whose agent stopped answering is a finding, never only a row of checks that were not run (seen at
 * first sight: a body of the JSON literal null killed the process, and 14 checks said only "not run").
 * errors.server-survives, not yet run when the agent fell, reports it with the exchanges the agent cut off
 * when it went silent, malformed ones first, then by start: the request that took it down is among them.
 */
export function agentDeathFinding(notRun: Finding, dead: string, traffic: readonly TrafficEntry[]): Finding {
  // Malformed requests first (the suite's own bad requests are the likely killers), then by start.
  const cutOff = cutOffExchanges(traffic).sort(
    (a, b) => Number(malformed(b)) - Number(malformed(a)) || a.at.localeCompare(b.at),
  );
  const named = cutOff.slice(0, NAMED).map(described).join("; ");
  const more = cutOff.length > NAMED ? ` and ${cutOff.length - NAMED} more` : "";
  const which = cutOff.length
    ? `; the exchanges it cut off when it did, malformed ones first: ${named}${more}`
    : "";
  return {
    ...notRun,
    status: "fail",
    message: `${dead} during the run, after the suite's requests${which}`,
    ...(cutOff.length ? { evidence: cutOff.map((e) => e.id) } : {}),
  };
}
