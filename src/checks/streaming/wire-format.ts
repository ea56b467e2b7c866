import type { StreamOutcome } from "../../client/types.js";
import type { Reply } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext } from "../types.js";
import { notOverTask } from "../support/own-task.js";
import { graceAfterFinalMs, watchStream, type WatchOptions } from "../support/stream-watch.js";
import { streamEventProblems } from "../support/wire-format.js";

/** A stream as read, with the raw JSON of each readable event kept as it arrived. */
interface RawStream {
  outcome?: StreamOutcome;
  raws: unknown[];
}

type OpenStream = (onEvent: (event: Reply, raw: unknown) => void) => Promise<StreamOutcome>;

/**
 * Reads a stream and keeps each event's raw JSON (the JSON-RPC `result`, the HTTP+JSON `data`) as it
 * arrives, so a stream that stays open after its final event is still judged on what it sent.
 */
async function readRaw(open: OpenStream, options: WatchOptions): Promise<RawStream> {
  const raws: unknown[] = [];
  const watched = await watchStream(
    (onEvent) =>
      open((event, raw) => {
        raws.push(raw);
        onEvent(event);
      }),
    options,
  );
  return { ...(watched.outcome ? { outcome: watched.outcome } : {}), raws };
}

/** The subscription to a task that is not over, read up to its first event (the current Task, §3.1.6). */
async function subscription(ctx: CheckContext): Promise<{ read?: RawStream; evidence: string[] }> {
  const running = await notOverTask(ctx);
  if (!running.ok) return { evidence: running.evidence };
  const read = await readRaw((onEvent) => ctx.client.subscribe(running.value.id, onEvent), {
    graceMs: graceAfterFinalMs(ctx.timeoutMs),
    stopAt: (_event, index) => index === 0,
  });
  return { read, evidence: [...running.evidence, ...(read.outcome?.trafficIds ?? [])] };
}

const problemsOf = (raws: readonly unknown[], operation: string): string[] =>
  raws.flatMap((raw, i) => streamEventProblems(raw, `${operation} event ${i + 1}`));

export default defineCheck({
  id: "streaming.wire-format",
  title: "Every stream event is an A2A 1.0 StreamResponse in 1.0 JSON",
  category: "streaming",
  level: "MUST",
  requirement:
    "Each event of SendStreamingMessage and SubscribeToTask (the JSON-RPC result of each SSE message, the HTTP+JSON SSE data) is a StreamResponse holding exactly one of task, message, statusUpdate, artifactUpdate, with camelCase field names, ProtoJSON enum names (TASK_STATE_*, ROLE_*), ISO 8601 UTC timestamps ending in Z, and one content member per Part: the rules every other 1.0 reply keeps.",
  spec: "A2A 1.0 §3.2.3 StreamResponse (a2a.proto `oneof payload`), §5.5 (JSON field naming), §5.6.1 (timestamps), §5.7; §9.4.2, §11.7 (stream events)",
  tck: ["DM-SERIAL-001", "DM-SERIAL-002", "DM-SERIAL-003"],
  quote: {
    spec: "A2A 1.0.1 §5.5, §5.6.1",
    text: "All JSON serializations of the A2A protocol data model MUST use camelCase naming for field names … Enum values MUST be represented according to the ProtoJSON specification … these timestamps MUST be represented as ISO 8601 formatted strings in UTC timezone.",
  },
  recommendation:
    'Serialise stream events with the same ProtoJSON encoder as the other replies: wrap each in its StreamResponse member ({"statusUpdate": {...}}, not 0.3\'s {"kind": "status-update", ...}) and spell states and roles as TASK_STATE_* and ROLE_*.',
  selfTest: [
    {
      flaw: "stream-updates-0x-shaped",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["DM-SERIAL-002"],
    },
  ],
  scope: "transport",
  needs: ["streaming"],
  generations: ["1.0"],
  // gRPC events are protobuf: names, enums and timestamps are binary there, not JSON text.
  bindings: ["JSONRPC", "HTTP+JSON"],
  run: async (ctx) => {
    const streamed = await readRaw((onEvent) => ctx.client.stream({ text: ctx.fixtures.message }, onEvent), {
      graceMs: graceAfterFinalMs(ctx.timeoutMs),
    });
    const refused = streamed.outcome?.failure;
    if (refused)
      return skip(`the stream was refused (${describeFailure(refused)}); streaming.first-event reports it`);
    // Subscribing shows the other streaming path (1.0.1 §3.1.6), often served by other code.
    const subscribed = await subscription(ctx);
    const evidence = [...(streamed.outcome?.trafficIds ?? []), ...subscribed.evidence];
    const raws = streamed.raws.length + (subscribed.read?.raws.length ?? 0);
    // An event no reader could take for a StreamResponse at all is streaming.events-well-formed's.
    if (raws === 0)
      return skip("no readable stream event to judge (streaming.events-well-formed reports why)");
    const problems = [
      ...problemsOf(streamed.raws, "SendStreamingMessage"),
      ...problemsOf(subscribed.read?.raws ?? [], "SubscribeToTask"),
    ];
    if (problems.length > 0)
      return fail(`${problems.length} wire-format problem(s): ${problems.slice(0, 5).join("; ")}`, evidence);
    const how = subscribed.read ? "the message stream and a subscription" : "the message stream";
    return pass(`${raws} events of ${how} keep the A2A 1.0 JSON rules`, evidence);
  },
});
