import type { RunEvent, RunEventSink } from "../model/events.js";
import type { Finding } from "../model/finding.js";
import type { RunResult } from "../model/result.js";

/** A reporter that follows a run as it goes and renders once it has finished. */
export interface LiveReporter {
  onEvent: RunEventSink;
  /** The report of every run finished so far (empty before the first finishes). */
  output(): string;
}

/**
 * Turns a file reporter into a subscriber of run events. The findings come from the check-finished
 * events, placed by their index in the plan (checks finish in any order); the rest of the result from
 * run-finished. So a report from the stream equals the report from the returned result only when the
 * stream carried every finding.
 */
export function liveReporter(render: (results: readonly RunResult[]) => string): LiveReporter {
  const finished: RunResult[] = [];
  let findings: Finding[] = [];
  const onEvent = (event: RunEvent) => {
    if (event.type === "run-started") findings = [];
    if (event.type === "check-finished") findings[event.index] = event.finding;
    if (event.type !== "run-finished") return;
    finished.push(
      event.result.kind === "conformance" ? { ...event.result, findings: [...findings] } : event.result,
    );
    findings = [];
  };
  return { onEvent, output: () => (finished.length === 0 ? "" : render(finished)) };
}
