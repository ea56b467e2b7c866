import type { Finding } from "../model/finding.js";
import type { TrafficEntry } from "../model/traffic.js";

/** The check whose requirement is that bad requests do not take the server down. */
const SURVIVES = "errors.server-survives";

/** Connection failures of a server that was there: the exchange was cut off, not refused at the door. */
const CUT_OFF = /ECONNRESET|EPIPE|socket hang up|connection reset|closed/i;

/** How many of the cut-off exchanges a finding names (the rest are counted). */
const NAMED = 3;

/** An exchange in a few words: what it was, where it went, and the start of what it sent. */
function described(entry: TrafficEntry): string {
  const body = entry.request_body === undefined ? "" : ` ${JSON.stringify(entry.request_body.slice(0, 120))}`;
  return `${entry.label ?? "request"} (${entry.method} ${entry.url}${body})`;
}

/** Whether a check is the one that reports an agent that stopped answering. */
export const isSurvivalCheck = (check: { id: string }): boolean => check.id === SURVIVES;

/**
 * A run whose agent stopped answering is a finding, never only a row of checks that were not run (seen at
 * first sight: a body of the JSON literal null killed the process, and 14 checks said only "not run").
 * errors.server-survives, not yet run when the agent fell, reports it with the exchanges the agent cut off
 * when it went silent, the first to start first: the request that took it down is among them.
 */
export function agentDeathFinding(notRun: Finding, dead: string, traffic: readonly TrafficEntry[]): Finding {
  const cutOff = traffic
    .filter((e) => e.error?.rule === "connect" && CUT_OFF.test(e.error.message))
    .sort((a, b) => a.at.localeCompare(b.at));
  const named = cutOff.slice(0, NAMED).map(described).join("; ");
  const more = cutOff.length > NAMED ? ` and ${cutOff.length - NAMED} more` : "";
  const which = cutOff.length
    ? `; the exchanges it cut off when it did, the first to start first: ${named}${more}`
    : "";
  return {
    ...notRun,
    status: "fail",
    message: `${dead} during the run, after the suite's requests${which}`,
    ...(cutOff.length ? { evidence: cutOff.map((e) => e.id) } : {}),
  };
}
