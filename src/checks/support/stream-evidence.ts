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
