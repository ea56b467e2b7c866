import { formatDuration } from "../view/units.js";
import { liveLine } from "./load-console.js";
import type { RunEvent } from "../model/events.js";
import type { TranscriptEntry } from "../model/conversation.js";
import type { Finding } from "../model/finding.js";
import { bracketedPlace, findingPlace } from "../model/finding.js";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function turnLine(trial: number, trials: number, e: TranscriptEntry): string {
  const who = e.role === "user" ? "user " : "agent";
  const said = e.error ? `(${e.error})` : JSON.stringify(e.text.replace(/\s+/g, " ").slice(0, 100));
  const took = e.role === "agent" && e.ms !== undefined && e.ms >= 1000 ? ` (${formatDuration(e.ms)})` : "";
  return `  ${trials > 1 ? `trial ${trial} ` : ""}turn ${e.turn} ${who} ${said}${took}`;
}

/** "✓ id [binding]", and how long it took when that is worth saying. */
export function findingLine(f: Finding): string {
  const mark = f.status === "pass" ? "✓" : f.status === "skip" ? "-" : "✗";
  const took = f.duration_ms >= 1000 ? ` (${formatDuration(f.duration_ms)})` : "";
  return `${mark} ${f.id}${bracketedPlace(f)}${took}`;
}

/**
 * A model retry in the words of "429 from the model openai:gpt-4o, retrying in 2 s (retry 1)".
 * The status is read from the call's failure ("… failed: HTTP 429 …"); other failures keep their own words.
 */
export function retryLine(event: Extract<RunEvent, { type: "retry" }>): string {
  const status = /\bHTTP (\d{3})\b/.exec(event.reason)?.[1];
  const cause = status ? `${status} from the model ${event.what}` : `${event.what}: ${event.reason}`;
  return `${cause}, retrying in ${formatDuration(event.delay_ms)} (retry ${event.attempt})`;
}

function trialLine(event: Extract<RunEvent, { type: "trial-finished" }>): string {
  const t = event.trial;
  return `  trial ${t.trial} ${t.status} in ${formatDuration(t.duration_ms)}${t.reason ? `: ${t.reason}` : ""}`;
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
      return [`Connecting over ${findingPlace(event)}`];
    case "checks-planned":
      return [`Running ${plural(event.count, "check")} over ${event.transports.join(", ")}`];
    case "check-finished":
      return [`  ${findingLine(event.finding)}`];
    case "smoke-sent":
      return [`Sending the smoke message to ${event.url}`];
    case "conversation-started":
      return [
        `Conversation with ${event.endpoint} (${plural(event.trials, "trial")}, at most ${event.max_turns} turns)`,
      ];
    case "turn-sent":
    case "turn-received":
      return [turnLine(event.trial, event.trials, event.entry)];
    case "judge-started":
      return [
        `  ${event.trials > 1 ? `trial ${event.trial}: ` : ""}the judge grades ${plural(event.criteria, "criterion")}`.replace(
          /criterions/,
          "criteria",
        ),
      ];
    case "retry":
      return [`  ${retryLine(event)}`];
    case "trial-finished":
      return [trialLine(event)];
    case "warning":
      return [`warning: ${event.message}`];
    case "load-tick":
      return [liveLine(event.tick)];
    case "check-started":
    case "run-finished":
      return [];
  }
}
