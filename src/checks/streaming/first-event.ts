import type { ProtocolGeneration } from "../../model/generation.js";
import type { Reply } from "../../protocol/model.js";
import { jsonRpcCodes } from "../../protocol/error-codes.js";
import type { StreamOutcome } from "../../client/types.js";
import type { CheckContext } from "../types.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { refusedInStream, unparsedOnly } from "../support/stream-evidence.js";
import { graceAfterFinalMs, watchStream } from "../support/stream-watch.js";

type StreamFailure = NonNullable<StreamOutcome["failure"]>;

/**
 * Why the first event of a message stream breaks the rules of a generation, or undefined when it is fine.
 * Only 1.0 orders the first event (§3.1.2: the Task first, or a single Message); 0.2/0.3 §7.2 let every event
 * be a Task, Message or update with no order, so any readable first event is allowed there.
 */
function firstEventProblem(first: Reply, generation: ProtocolGeneration): string | undefined {
  if (generation !== "1.0" || first.kind === "task" || first.kind === "message") return undefined;
  if (first.kind === "artifact-update") return "the first event is an artifactUpdate, not the Task";
  return `the first event is a statusUpdate (${first.state}), not the Task`;
}

/**
 * Whether a plain send of the same message is refused with the same error as the stream was: the agent
 * refuses what the suite says (seen at first sight: an agent that takes only text in its own template
 * answers -32602 to any other), not streaming. An unserved method (-32601) is never such a refusal.
 */
async function sendRefusedAlike(ctx: CheckContext, failure: StreamFailure): Promise<boolean> {
  if (failure.kind !== "error" || failure.error.code === jsonRpcCodes.methodNotFound) return false;
  const sent = await ctx.client.send({ text: ctx.fixtures.message });
  return !sent.ok && sent.kind === "error" && sent.error.code === failure.error.code;
}

function describeEvent(event: Reply): string {
  if (event.kind === "task") return `the Task (${event.state})`;
  if (event.kind === "status-update") return `a ${event.state} status`;
  return `a ${event.kind}`;
}

export default defineCheck({
  id: "streaming.first-event",
  title: "A message stream starts with the Task (or a submitted/working status)",
  category: "streaming",
  level: "MUST",
  requirement:
    "An agent whose card claims streaming answers message/stream (SendStreamingMessage) with an event stream, not an error. 1.0: its first event is the Task (or the stream is a single Message). 0.2/0.3 set no order for the first event (§7.2): there the stream only has to start.",
  spec: "A2A 1.0 §3.1.2 (stream shape); 0.3 §7.2",
  tck: ["CORE-STREAM-001", "CORE-STREAM-003", "GRPC-ERR-003"],
  quote: {
    spec: "A2A 1.0 §3.1.2",
    text: "If the agent returns a Message, the stream MUST contain exactly one `Message` object and then close immediately. … If the agent returns a Task, the stream MUST begin with the Task object …",
  },
  recommendation:
    "Publish the Task (state submitted) as the first event of every stream, before any status or artifact update.",
  allowed: [
    {
      behaviour: "a 0.2/0.3 stream that starts with a status-update or artifact-update",
      clause:
        "A2A 0.3 §7.2, §7.2.1: each event's result is a Message, Task, TaskStatusUpdateEvent or TaskArtifactUpdateEvent; no first event is prescribed",
    },
    {
      behaviour:
        "the suite's message refused with the same error on send and stream (an agent that takes only its own input template)",
      clause:
        "A2A 0.3 §7.1, §7.2 and 1.0.1 §3.1.1, §3.1.2: either method may answer an error; a refusal of the message is no refusal of streaming",
    },
  ],
  selfTest: [
    {
      flaw: "stream-first-event-completed",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-STREAM-003"],
    },
    // stream-wrong-content-type no longer fails it: SSE frames under application/json are read leniently, and
    // the header is streaming.content-type's one finding.
  ],
  // Events that cannot be read are one defect, judged by events-well-formed; the first event's state is judged
  // only on streams that check could read.
  dependsOn: ["streaming.events-well-formed"],
  scope: "transport",
  needs: ["streaming"],
  run: async (ctx) => {
    const watched = await watchStream(
      (onEvent) => ctx.client.stream({ text: ctx.fixtures.message }, onEvent),
      {
        graceMs: graceAfterFinalMs(ctx.timeoutMs),
        stopAt: (_event, index) => index === 0,
      },
    );
    const evidence = watched.outcome?.trafficIds;
    // The card claims streaming (the check needs it), so a refused stream is this check's finding: the
    // stream did not start. The other stream checks skip and name this one.
    const failure = watched.outcome?.failure;
    if (failure && (await sendRefusedAlike(ctx, failure)))
      return skip(
        `the agent refused the suite's message alike on send and stream (${describeFailure(failure)}): a refusal of the message, not of streaming; lifecycle.send-returns-task reports it`,
      );
    if (failure)
      return fail(
        `the card claims streaming, but the message stream gave no event stream: ${describeFailure(failure)}`,
        evidence,
      );
    const [first] = watched.events;
    const refused = watched.outcome && refusedInStream(watched.outcome);
    if (!first && refused) return fail(`the card claims streaming, but ${refused}`, evidence);
    if (!first) {
      // Events that arrived but are no A2A event at all are streaming.events-well-formed's finding, reported once.
      const unparsed = watched.outcome && unparsedOnly(watched.outcome);
      return unparsed
        ? skip(`${unparsed} (streaming.events-well-formed reports it)`)
        : fail("the stream carried no readable event", evidence);
    }
    const problem = firstEventProblem(first, ctx.generation);
    if (problem) return fail(problem, evidence);
    return pass(`the stream starts with ${describeEvent(first)}`, evidence);
  },
});
