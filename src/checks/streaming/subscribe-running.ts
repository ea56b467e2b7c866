import { randomUUID } from "node:crypto";
import type { ProtocolGeneration } from "../../model/generation.js";
import { terminalStates, type Reply } from "../../protocol/model.js";
import { defineCheck, fail, failBlocking, pass, skip } from "../define.js";
import { resubscribeServing, resubscribeUnservedVerdict } from "../support/resubscribe-unserved.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { unparsedOnly } from "../support/stream-evidence.js";
import {
  eventsAfterTerminal,
  graceAfterFinalMs,
  mayEndStream,
  openedOnEndedTask,
  taskIdOf,
  watchStream,
  type WatchedStream,
} from "../support/stream-watch.js";
import { cutShortProblem } from "../support/subscription-end.js";
import { replySchemaProblem } from "../support/reply-schema.js";
import { settledWhileProgressing } from "../support/time-box.js";
import { notOverTask } from "../support/own-task.js";
import { replyShapeProblem, stateOrderProblem } from "../../protocol/validate-reply.js";

/** Why the first event of a subscription to task `id` is wrong, or undefined. */
function firstEventProblem(first: Reply, id: string, generation: ProtocolGeneration): string | undefined {
  // 1.0 §3.1.6: Subscribe sends the current Task first; 0.x replays what the implementation chooses.
  if (generation === "1.0" && first.kind !== "task")
    return `the first event is a ${first.kind}, not the current Task`;
  if (first.kind === "message") return "the first event is a Message, not an event of the task";
  const about = taskIdOf(first);
  return about === id ? undefined : `the first event is about task ${about ?? "(none)"}, not ${id}`;
}

/**
 * Every problem of a subscription that delivered events, not the first: a malformed first event hid a stream
 * left open after the task's final event (seen at first sight).
 */
async function subscriptionProblems(
  ctx: CheckContext,
  id: string,
  events: readonly Reply[],
  firstRaw: unknown,
  watched: WatchedStream | undefined,
): Promise<string[]> {
  const problems: string[] = [];
  const problem = events[0] ? firstEventProblem(events[0], id, ctx.generation) : undefined;
  if (problem) problems.push(problem);
  // Read leniently (a Task nested one level down as {"kind": "task", "task": {...}} still names its id),
  // judged strictly: the event itself must be what the schema says (seen at first sight).
  // The published JSON schema is the JSON-RPC binding's; 0.3's HTTP+JSON and gRPC carry the proto's shapes.
  // The version's rules in plain words first: a first event without `kind` (spelt `type`, seen at first sight)
  // is no event the schema can even pick a definition for.
  const shape =
    ctx.transport === "JSONRPC" &&
    (ctx.generation === "0.2" || ctx.generation === "0.3") &&
    firstRaw !== undefined
      ? replyShapeProblem(firstRaw, ctx.generation)
      : undefined;
  const schema =
    ctx.transport === "JSONRPC" ? (shape ?? (await replySchemaProblem(firstRaw, ctx.generation))) : undefined;
  if (schema) problems.push(`the first event of the subscription to task ${id} is ${schema}`);
  // A subscription that takes the task back to submitted re-ran it (seen at first sight: the agent worked
  // the last message again for the subscriber); a task that left submitted never returns to it (0.3 §6.3).
  const backwards = stateOrderProblem(events);
  if (backwards) problems.push(`in the subscription to task ${id}, ${backwards}`);
  // A stream opened on a task already over (and left open, or going on) is streaming.subscribe-terminal's finding.
  // Events after the task's end reach a subscriber that was told the task is over (seen at first sight).
  const after = openedOnEndedTask(events) ? undefined : eventsAfterTerminal(events, ctx.generation);
  if (after)
    problems.push(
      `the subscription to task ${id} sent ${after.count} event(s) after the task's ${after.state} event (${after.at + 1} of ${events.length}): a subscription ends at the task's terminal state (A2A 1.0.1 §3.1.6, 0.3 §7.2)`,
    );
  if (watched?.openAfterFinalMs !== undefined && !openedOnEndedTask(events))
    problems.push(
      `the subscription to task ${id} carried the task's final event, then stayed open ${watched.openAfterFinalMs} ms: a subscription closes when its task ends (A2A 1.0.1 §3.1.6, 0.3 §7.2)`,
    );
  return problems;
}

/** Subscribes to a fresh running task; "over" when it finished before the subscription reached it. */
async function subscribeOnce(ctx: CheckContext): Promise<CheckVerdict | "over"> {
  // 1.0.1 §3.1.6 refuses a subscription only to a terminal task, so a task waiting for input will do when
  // none is running (an agent that asks back at once); 0.x says nothing of interrupted tasks.
  const running = ctx.generation === "1.0" ? await notOverTask(ctx) : await ctx.fixtures.runningTask();
  if (!running.ok) return skip(`no running task to subscribe to: ${running.reason}`);
  const id = running.value.id;
  // Followed to the task's end, for as long as a few times the slowest task took: a long task need not be
  // followed to its end, but a subscription the agent closes while the task works delivers nothing more.
  const live: Reply[] = [];
  const raws: unknown[] = [];
  const watching = watchStream(
    (onEvent) =>
      ctx.client.subscribe(id, (event, raw) => {
        live.push(event);
        raws.push(raw);
        onEvent(event);
      }),
    // Not stopped at the final event: the stream must then close (1.0.1 §3.1.6; 0.3 §7.2), within a grace.
    { graceMs: graceAfterFinalMs(ctx.timeoutMs) },
  );
  // A task that keeps reporting progress is followed further, to the timeout's three quarters: what comes after
  // its end (the stream closing, or events after the terminal one) is seen then.
  const slowest = await ctx.fixtures.slowestTaskMs();
  const quietMs = Math.min(ctx.timeoutMs / 2, Math.max(2000, 4 * slowest));
  const watched = await settledWhileProgressing(watching, () => live.length, {
    quietMs,
    capMs: Math.max(quietMs, (ctx.timeoutMs * 3) / 4),
  });
  const evidence = [...running.evidence, ...(watched?.outcome?.trafficIds ?? [])];
  const failure = watched?.outcome?.failure;
  if (failure) {
    // A2A 0.3 §11.1.3 lists tasks/resubscribe among the methods a server MAY implement, even with streaming;
    // a 0.1 card that streams claims it (resubscribeUnservedVerdict).
    if (
      ctx.generation !== "1.0" &&
      failure.kind === "error" &&
      (failure.error.name === "MethodNotFound" || failure.error.name === "UnsupportedOperation")
    )
      return resubscribeUnservedVerdict(ctx, `resubscribing answered ${describeFailure(failure)}`, evidence);
    // A task that finished meanwhile may rightly refuse a subscription (1.0 §3.1.6).
    const now = await ctx.client.getTask(id);
    evidence.push(...now.trafficIds);
    if (now.ok && terminalStates.has(now.value.state)) return "over";
    return failBlocking(
      `subscribing to running task ${id} was refused: ${describeFailure(failure)}`,
      evidence,
    );
  }
  const events = watched?.events ?? live;
  const [first] = events;
  if (!first) {
    if (!watched) return skip(`the subscription to task ${id} stayed open without any event`);
    const why = watched.outcome && unparsedOnly(watched.outcome);
    return fail(
      `the subscription to task ${id} ${why ? `ended: ${why}` : "ended without any event"}`,
      evidence,
    );
  }
  const problems = await subscriptionProblems(
    ctx,
    id,
    events,
    raws[0] ?? watched?.outcome?.rawEvents[0],
    watched,
  );
  if (problems.length > 0) return fail(problems.join("; "), evidence);
  // The task was over by the time the subscription reached it: nothing shows a running task's stream (a stream
  // opened on a finished task is streaming.subscribe-terminal's finding).
  if (openedOnEndedTask(events)) return "over";
  const shown = `subscribed to running task ${id}; the first event is a ${first.kind}`;
  if (!watched) return pass(`${shown}, and the subscription stayed open while the task worked`, evidence);
  if (events.some(mayEndStream)) return pass(`${shown}; it carried the task to its end`, evidence);
  // The several-subscriber checks would report the same early end again: they depend on this one.
  const cutShort = await cutShortProblem(ctx, "the subscription", id, events, evidence);
  if (cutShort) return failBlocking(cutShort, evidence);
  return pass(`${shown}; it ended as the task ended`, evidence);
}

/**
 * Without a running task to subscribe to, whether the method is served at all (asked about a task that does not
 * exist): an agent that answers it as an unknown method does not serve it, though its card claims streaming
 * (seen at first sight on agents whose tasks all end at once; other checks of subscriptions leave it here).
 */
async function servedAtAll(ctx: CheckContext, unjudged: CheckVerdict): Promise<CheckVerdict> {
  const serving = await resubscribeServing(ctx, `plainwright-missing-${randomUUID()}`);
  if (!serving.unserved) return unjudged;
  return resubscribeUnservedVerdict(
    ctx,
    `${serving.detail}, asked about a task that does not exist (${unjudged.message})`,
    serving.evidence,
  );
}

/** Subscribes to a running task (twice, if the first finished too soon): its first event, and that it is not cut short. */
export async function subscribeToRunningTask(ctx: CheckContext): Promise<CheckVerdict> {
  const first = await subscribeOnce(ctx);
  if (first !== "over") return first.status === "skip" ? servedAtAll(ctx, first) : first;
  const second = await subscribeOnce(ctx);
  if (second !== "over") return second.status === "skip" ? servedAtAll(ctx, second) : second;
  return servedAtAll(ctx, skip("twice, the running task finished before the subscription reached it"));
}

export default defineCheck({
  id: "streaming.subscribe-running",
  title: "A running task can be subscribed to again",
  category: "streaming",
  level: "MUST",
  generations: ["1.0"],
  requirement:
    "tasks/resubscribe (0.x) / SubscribeToTask (1.0) on a task that is still working opens a stream of that task's events, which stays open while the task works (closing once it ends); in 1.0 the current Task comes first.",
  spec: "A2A 1.0 §3.1.6 SubscribeToTask",
  tck: ["STREAM-SUB-001"],
  quote: {
    spec: "A2A 1.0 §3.1.6",
    text: "The operation MUST return a `Task` object as the first event in the stream, representing the current state of the task at the time of subscription.",
  },
  recommendation:
    "Serve resubscribe/SubscribeToTask for every active task: send the current Task, then its later updates, on a new stream.",
  selfTest: [
    { flaw: "duplicate-task-ids", protocols: ["1.0"], bindings: ["JSONRPC"] },
    { flaw: "subscription-events-after-final", protocols: ["1.0"], bindings: ["JSONRPC"] },
    {
      flaw: "subscribe-unsupported",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["STREAM-SUB-001"],
    },
  ],
  scope: "transport",
  judgesTasks: true,
  needs: ["streaming"],
  run: subscribeToRunningTask,
});
