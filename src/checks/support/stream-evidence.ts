import type { StreamOutcome } from "../../client/types.js";

/**
 * Why a stream has no readable event although bytes arrived: "N events arrived but none parsed"
 * with the first reason (its data line shown with invisible bytes escaped); undefined otherwise.
 */
export function unparsedOnly(stream: Pick<StreamOutcome, "events" | "invalidEvents">): string | undefined {
  if (stream.events.length > 0 || stream.invalidEvents.length === 0) return undefined;
  const n = stream.invalidEvents.length;
  return `${n} event${n === 1 ? "" : "s"} arrived but none parsed: ${stream.invalidEvents[0]}`;
}

/** "3 events", adding those that arrived but did not parse, so a count never hides them. */
export function eventCount(stream: Pick<StreamOutcome, "events" | "invalidEvents">): string {
  const n = stream.events.length;
  const bad = stream.invalidEvents.length;
  const readable = `${n} event${n === 1 ? "" : "s"}`;
  return bad === 0 ? readable : `${readable} (and ${bad} that did not parse: ${stream.invalidEvents[0]})`;
}

/**
 * Why a stream is a refusal although it came as an event stream: it carried JSON-RPC errors and no A2A
 * event (1.0.1 §9.4.2 frames each SSE event as a Response, an error one included); undefined otherwise.
 * The checks that judge a stream's events have nothing to judge then; streaming.first-event reports it.
 */
export function refusedInStream(stream: Pick<StreamOutcome, "events" | "errors">): string | undefined {
  const [error] = stream.errors;
  if (stream.events.length > 0 || !error) return undefined;
  return `the stream was refused inside the event stream (${error.name} ${error.code}: ${error.message})`;
}
