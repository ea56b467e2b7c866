import { liveLine } from "./load-console.js";
import { terminalText } from "./terminal-text.js";
import type { RunEvent, RunEventSink } from "../model/events.js";
import type { TranscriptEntry } from "../model/conversation.js";
import type { Finding } from "../model/finding.js";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function turnLine(trial: number, trials: number, e: TranscriptEntry): string {
  const who = e.role === "user" ? "user " : "agent";
  const said = e.error ? `(${e.error})` : JSON.stringify(e.text.replace(/\s+/g, " ").slice(0, 100));
  return `  ${trials > 1 ? `trial ${trial} ` : ""}turn ${e.turn} ${who} ${said}`;
}

function findingLine(f: Finding): string {
  const mark = f.status === "pass" ? "✓" : f.status === "skip" ? "-" : "✗";
  return `  ${mark} ${f.id}${f.transport ? ` [${f.transport}]` : ""}`;
}

/** The progress lines (stderr, the web run page) for one run event; most events have one, some none. */
export function progressLines(event: RunEvent): string[] {
  switch (event.type) {
    case "run-started":
      return event.name ? [`Running ${event.name}${event.source ? ` (${event.source})` : ""}`] : [];
    case "card-lookup":
      return [`Looking for the agent card of ${event.agent_url}`];
    case "card-read":
      return [
        ...event.tried.map((attempt) => `  ${attempt.url} → ${attempt.outcome}`),
        ...(event.found_at
          ? [
              `Card "${event.name ?? "?"}": ${plural(event.errors.length, "error")}, ${plural(event.warnings.length, "warning")}`,
            ]
          : []),
      ];
    case "connecting":
      return [`Connecting over ${event.transport}`];
    case "checks-planned":
      return [`Running ${event.count} checks over ${event.transports.join(", ")}`];
    case "check-finished":
      return [findingLine(event.finding)];
    case "smoke-sent":
      return [`Sending the smoke message to ${event.url}`];
    case "conversation-started":
      return [
        `Conversation with ${event.endpoint} (${plural(event.trials, "trial")}, at most ${event.max_turns} turns)`,
      ];
    case "turn-sent":
    case "turn-received":
      return [turnLine(event.trial, event.trials, event.entry)];
    case "retry":
      return [
        `  ${event.what}: ${event.reason}; retry ${event.attempt} in ${Math.round(event.delay_ms / 100) / 10} s`,
      ];
    case "trial-finished":
      return [
        `  trial ${event.trial.trial} ${event.trial.status}${event.trial.reason ? `: ${event.trial.reason}` : ""}`,
      ];
    case "load-tick":
      return [liveLine(event.tick)];
    case "check-started":
    case "run-finished":
      return [];
  }
}

/** A subscriber that writes each event's progress lines (the CLI passes stderr). */
export function progressPrinter(write: (line: string) => void): RunEventSink {
  // Names, replies and reasons come from the agent or the model: no control byte reaches a terminal raw.
  return (event) => {
    for (const line of progressLines(event)) write(terminalText(line));
  };
}
