import type { StreamListener, StreamOutcome } from "../../client/types.js";
import type { Reply } from "../../protocol/model.js";
import { taskIdOf, watchStream, type WatchedStream, type WatchOptions } from "./stream-watch.js";

/** One event of a stream as it arrived: read, and when (ms on the process clock). */
export interface Arrival {
  event: Reply;
  at: number;
}

/** A stream being watched, each event recorded as it arrives, and the first task it names. */
export interface RecordedStream {
  watching: Promise<WatchedStream>;
  arrivals: Arrival[];
  /** The first task id an event names; undefined when the stream ended without naming one. */
  named: Promise<string | undefined>;
}

/** Watches a stream (watchStream) and records every event with its arrival time. */
export function recordStream(
  open: (listener: StreamListener) => Promise<StreamOutcome>,
  options: WatchOptions,
): RecordedStream {
  const arrivals: Arrival[] = [];
  let name: (id: string | undefined) => void = () => undefined;
  const named = new Promise<string | undefined>((resolve) => (name = resolve));
  const watching = watchStream(
    (onEvent) =>
      open((event, raw, unframed) => {
        arrivals.push({ event, at: performance.now() });
        const id = taskIdOf(event);
        if (id !== undefined) name(id);
        onEvent(event, raw, unframed);
      }),
    options,
  );
  void watching.then(
    () => name(undefined),
    () => name(undefined),
  );
  return { watching, arrivals, named };
}

/**
 * What an update says, for telling whether a subscription got it: a status update's state, an artifact update's
 * artifact. Not its exact JSON: an agent may send a subscription the artifact whole where the message stream got
 * it in appended chunks (seen on Mastra), the same content told another way.
 */
function updateKey(event: Reply): string {
  if (event.kind === "status-update") return `status ${event.state}`;
  if (event.kind === "artifact-update")
    return `artifact ${event.artifact.artifactId ?? event.artifact.name ?? ""}`;
  return event.kind;
}

// An event the message stream got this long after a subscriber's first event had arrived was sent after the
// subscriber joined, whatever the two connections' delays: it is owed to the subscriber too.
const JOINED_SLACK_MS = 500;

/**
 * Why a subscription missed updates the task's message stream got after the subscription had joined, or
 * undefined (A2A 1.0.1 §3.5.2: events are broadcast to every active stream, each in the same order). Only
 * status and artifact updates are owed: a stream may resend the Task before it closes (§11.7), and each
 * subscription opens with a Task of its own.
 */
export function missedUpdates(
  origin: readonly Arrival[],
  subscription: readonly Arrival[],
  label: string,
): string | undefined {
  const joined = subscription[0]?.at;
  if (joined === undefined) return undefined;
  const owed = origin.filter(
    (a) =>
      a.at > joined + JOINED_SLACK_MS &&
      (a.event.kind === "status-update" || a.event.kind === "artifact-update"),
  );
  let matched = 0;
  for (const got of subscription.slice(1)) {
    const next = owed[matched];
    if (next && updateKey(got.event) === updateKey(next.event)) matched += 1;
  }
  const first = owed[matched];
  if (!first) return undefined;
  return `${label} missed ${owed.length - matched} of the ${owed.length} update(s) the message stream got after it had joined (first missed: a ${first.event.kind})`;
}
