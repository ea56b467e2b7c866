import type { ProtocolGeneration } from "../../model/generation.js";
import { activeStates, type Reply } from "../../protocol/model.js";
import { refusedInStream } from "../support/stream-evidence.js";
import { replyShapeProblem, stateOrderProblem } from "../../protocol/validate-reply.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { replySchemaProblem } from "../support/reply-schema.js";
import { graceAfterFinalMs, watchStream } from "../support/stream-watch.js";
import { subscribeNeverIssued } from "./subscribe-unknown-task.js";

interface TaskIds {
  taskId: string;
  contextId?: string;
}

/** The task the stream is about: the first Task's ids, else the first update's. */
function streamTask(events: readonly Reply[]): TaskIds | undefined {
  const task = events.find((e) => e.kind === "task");
  if (task?.kind === "task")
    return { taskId: task.id, ...(task.contextId ? { contextId: task.contextId } : {}) };
  for (const event of events) {
    if ((event.kind === "status-update" || event.kind === "artifact-update") && event.taskId)
      return { taskId: event.taskId, ...(event.contextId ? { contextId: event.contextId } : {}) };
  }
  return undefined;
}

/** What is wrong with one event, or undefined (A2A 0.3 §7.2.2–7.2.3; 1.0 §3.1.2 StreamResponse). */
function eventProblem(event: Reply, ids: TaskIds, generation: ProtocolGeneration): string | undefined {
  if (event.kind === "message") return undefined;
  if (event.kind === "task") {
    if (event.id !== ids.taskId) return `a Task event has id ${event.id}, not ${ids.taskId}`;
    return event.state === "unknown" ? `the Task event has an unknown state "${event.rawState}"` : undefined;
  }
  if (event.taskId !== ids.taskId)
    return `a ${event.kind} has taskId ${event.taskId ?? "(none)"}, not ${ids.taskId}`;
  // 0.1 events carry only the task id (the task's sessionId is not repeated on them).
  if (generation !== "0.1" && !event.contextId)
    return `a ${event.kind} has no contextId (required since A2A 0.2: 0.3 §7.2.2-7.2.3, 1.0.1 §4.2)`;
  if (generation !== "0.1" && ids.contextId && event.contextId !== ids.contextId)
    return `a ${event.kind} has contextId ${event.contextId}, not the task's ${ids.contextId}`;
  if (event.kind === "status-update")
    return event.state === "unknown" ? "a status-update carries an unknown task state" : undefined;
  if (event.artifact.parts.length === 0) return "an artifact-update carries an artifact without parts";
  // artifactId is required from 0.2 on.
  return generation !== "0.1" && !event.artifact.artifactId
    ? "an artifact-update has no artifactId"
    : undefined;
}

/**
 * A 1.0 task stream that carries a whole Task again while the task is still at work. 1.0.1 §3.1.2: the
 * stream "MUST begin with the Task object, followed by zero or more TaskStatusUpdateEvent or
 * TaskArtifactUpdateEvent objects"; §11.7 lets it "resend a final Task snapshot before closing", so a
 * Task in a terminal or interrupted state, or the stream's last event, is never judged. A stream that
 * does not open with a Task is streaming.first-event's; 0.x sets no such order (0.3 §7.2).
 */
function midStreamTask(events: readonly Reply[], generation: ProtocolGeneration): string | undefined {
  if (generation !== "1.0" || events[0]?.kind !== "task") return undefined;
  const at = events.findIndex(
    (e, n) => n > 0 && n < events.length - 1 && e.kind === "task" && activeStates.has(e.state),
  );
  const task = events[at];
  if (at < 0 || task?.kind !== "task") return undefined;
  return `event ${at + 1} of ${events.length} is the whole Task again (state ${task.rawState}) while the task is at work: after its opening Task a 1.0 stream carries status and artifact updates, and only a final Task snapshot may come before it closes (1.0.1 §3.1.2, §11.7)`;
}

export default defineCheck({
  id: "streaming.events-well-formed",
  title: "Status and artifact events are well formed",
  category: "streaming",
  level: "MUST",
  requirement:
    "Every event of a message or subscription stream is a JSON-RPC response (on JSON-RPC); every status and artifact event names the stream's task (taskId and contextId), states are valid task states, and every artifact has an artifactId and at least one part. In 1.0 the opening Task is followed by updates: no whole Task again while the task works (only a final snapshot).",
  spec: "A2A 0.3 §7.2.2 TaskStatusUpdateEvent, §7.2.3 TaskArtifactUpdateEvent; 1.0 §3.1.2, §11.7, StreamResponse",
  tck: [
    "DM-TASK-001",
    "DM-TASK-002",
    "DM-STATUS-001",
    "DM-ART-001",
    "DM-SERIAL-002",
    "DM-SERIAL-004",
    "STREAM-ORDER-001",
  ],
  quote: {
    spec: "A2A 1.0.1 §5.7; 0.3 §11.1.5",
    text: "1.0: Fields marked with `[(google.api.field_behavior) = REQUIRED]` indicate that the field MUST be present and set in valid messages. 0.3: A2A data objects: MUST use the data structures defined in Section 6 for all protocol entities.",
  },
  recommendation:
    "Build every status and artifact update from the task itself: same taskId and contextId, a valid state, artifacts with an artifactId and parts.",
  selfTest: [
    { flaw: "stream-framed-no-final", protocols: ["0.3"], bindings: ["JSONRPC"] },
    { flaw: "stream-events-not-jsonrpc", protocols: ["0.3"], bindings: ["JSONRPC"] },
    { flaw: "stream-update-wrong-context", protocols: ["1.0"], bindings: ["JSONRPC"] },
    { flaw: "task-missing-kind", protocols: ["0.3"], bindings: ["JSONRPC"], violates: ["DM-TASK-001"] },
    {
      flaw: "stream-state-backwards",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["STREAM-ORDER-001"],
    },
  ],
  scope: "transport",
  needs: ["streaming"],
  run: async (ctx) => {
    const watched = await watchStream(
      (onEvent) => ctx.client.stream({ text: ctx.fixtures.message }, onEvent),
      {
        graceMs: graceAfterFinalMs(ctx.timeoutMs),
      },
    );
    const stream = watched.outcome;
    // A subscription stream is framed like a message stream (0.3 §7.9, 1.0 §3.1.6): its events are judged
    // here too, also when message/stream itself is refused (one frame defect, one finding).
    const subscribed = await subscribeNeverIssued(ctx);
    const evidence = [...(stream?.trafficIds ?? []), ...subscribed.evidence];
    const strayInSubscription = subscribed.stream?.invalidEvents[0];
    if (strayInSubscription)
      return fail(
        `the subscription stream for task ${subscribed.id} carried an event that is not a JSON-RPC response: ${strayInSubscription}`,
        evidence,
      );
    if (stream?.failure)
      return skip(
        `the stream was refused (${describeFailure(stream.failure)}); streaming.first-event reports it`,
      );
    // A stream left open after its final event has no outcome: its unframed events were told as they came.
    const unreadable = stream?.invalidEvents[0] ?? watched.unframed;
    if (unreadable) return fail(`an event could not be read: ${unreadable}`, evidence);
    const refused = stream && refusedInStream(stream);
    if (refused) return skip(`${refused}; streaming.first-event reports it`);
    if (watched.events.length === 0) return fail("the stream carried no event", evidence);
    const ids = streamTask(watched.events);
    if (!ids) {
      if (watched.events.every((e) => e.kind === "message"))
        return pass("the stream carried only a Message", evidence);
      return fail("no event of the stream names its task (no Task, no update with a taskId)", evidence);
    }
    for (const event of watched.events) {
      const problem = eventProblem(event, ids, ctx.generation);
      if (problem) return fail(problem, evidence);
    }
    const midTask = midStreamTask(watched.events, ctx.generation);
    if (midTask) return fail(midTask, evidence);
    // The JSON-RPC schema of each 0.x version (kind, required fields, state spelling); REST and gRPC in
    // 0.3 carry proto JSON, which has no `kind`. A 1.0 event's wire form is streaming.wire-format's.
    if (ctx.transport === "JSONRPC" && ctx.generation !== "1.0")
      for (const raw of stream?.rawEvents ?? []) {
        const problem =
          replyShapeProblem(raw, ctx.generation) ?? (await replySchemaProblem(raw, ctx.generation));
        if (problem) return fail(problem, evidence);
      }
    const backwards = stateOrderProblem(watched.events);
    if (backwards) return fail(backwards, evidence);
    return pass(`${watched.events.length} events, all about task ${ids.taskId}`, evidence);
  },
});
