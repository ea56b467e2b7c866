import type { StreamOutcome } from "../../client/types.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import {
  graceAfterFinalMs,
  mayEndStream,
  openedOnEndedTask,
  taskIdOf,
  type WatchedStream,
} from "../support/stream-watch.js";
import {
  missedUpdates,
  recordStream,
  type Arrival,
  type RecordedStream,
} from "../support/stream-recorder.js";
import { activeStates, terminalStates } from "../../protocol/model.js";
import { settledWithin } from "../support/time-box.js";
import { isVerdict, stillAtWork, subscriptionsWithin } from "../support/open-subscriptions.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** Why one subscription did not follow the task to its end and close, or undefined. */
function endProblem(label: string, watched: WatchedStream): string | undefined {
  if (!watched.outcome)
    return `${label} stayed open ${watched.openAfterFinalMs ?? 0} ms after the task ended`;
  if (watched.outcome.failure) return `${label} was refused: ${describeFailure(watched.outcome.failure)}`;
  const last = watched.events.at(-1);
  if (!last || !mayEndStream(last))
    return `${label} ended (${watched.outcome.end.reason}) before the task reached a terminal or interrupted state`;
  return undefined;
}

/** The events after the first (the Task snapshot each subscription starts with), as JSON text. */
const tail = (outcome: StreamOutcome): string[] => outcome.rawEvents.slice(1).map((e) => JSON.stringify(e));

/** Why two subscriptions' events differ, or undefined: from where the later one joins, both are the same. */
function orderProblem(a: string[], b: string[]): string | undefined {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 0) return undefined;
  const join = long.indexOf(short[0] as string);
  if (join < 0) return "the later subscription's first update never reached the other one";
  const rest = long.slice(join);
  const at = short.findIndex((event, i) => rest[i] !== event);
  if (at >= 0 || rest.length !== short.length)
    return `the two subscriptions' events differ from update ${at >= 0 ? at + 1 : short.length + 1} on (same events, same order expected)`;
  return undefined;
}

/** A subscription watched to its end, with each event's arrival. */
type Subscription = WatchedStream & { arrivals: readonly Arrival[] };

async function subscribeTwice(ctx: CheckContext, id: string): Promise<[Subscription, Subscription]> {
  const options = { graceMs: graceAfterFinalMs(ctx.timeoutMs) };
  const one = async (): Promise<Subscription> => {
    const recorded = recordStream((listener) => ctx.client.subscribe(id, listener), options);
    return { ...(await recorded.watching), arrivals: recorded.arrivals };
  };
  return Promise.all([one(), one()]);
}

/**
 * The task's own message stream, kept open while the subscriptions join: the slowest message, streamed, up
 * to the first event that names its task. Undefined when that event shows the task already over, or the
 * stream names none (the subscriptions then follow a running task without its message stream).
 */
async function originStream(
  ctx: CheckContext,
): Promise<{ id: string; recorded: RecordedStream } | undefined> {
  const text = ctx.hints.slow ?? (await ctx.fixtures.runningMessages())[0];
  if (text === undefined) return undefined;
  const recorded = recordStream((listener) => ctx.client.stream({ text }, listener), {
    graceMs: graceAfterFinalMs(ctx.timeoutMs),
  });
  // A stream that names no task soon leaves the check to the shared running task, within its budget.
  const id = await settledWithin(recorded.named, ctx.timeoutMs / 4);
  const naming = recorded.arrivals.find((a) => taskIdOf(a.event) !== undefined)?.event;
  if (id === undefined || !naming || openedOnEndedTask([naming])) return undefined;
  // Only a task read back still running is followed: one already over has no broadcast left to compare.
  const now = await ctx.client.getTask(id);
  if (!now.ok || !activeStates.has(now.value.state)) return undefined;
  return { id, recorded };
}

export default defineCheck({
  id: "streaming.several-subscribers",
  title: "Two subscribers of one task get the same events in the same order, to the end",
  category: "streaming",
  level: "MUST",
  requirement:
    "Two SubscribeToTask streams open on one running task, whose own message stream stays open, all receive its updates: the same events in the same order from where each joined (the status and artifact updates the message stream gets after a subscription joined reach the subscription too), and each closes once the task reaches a terminal state.",
  spec: "A2A 1.0 §3.5.2 (streaming event delivery), §3.1.6 SubscribeToTask",
  tck: ["STREAM-ORDER-002", "STREAM-ORDER-003", "STREAM-SUB-002"],
  quote: {
    spec: "A2A 1.0.1 §3.5.2, §3.1.6",
    text: "When multiple streams are active for a task, events MUST be broadcast to all active streams for that task. Each stream MUST receive the same events in the same order. … The stream MUST terminate when the task reaches a terminal state",
  },
  recommendation:
    "Fan each task event out to every open stream of the task in one order, and close every stream when the task reaches a terminal state.",
  selfTest: [
    {
      flaw: "second-subscriber-cut",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["STREAM-ORDER-002", "STREAM-ORDER-003", "STREAM-SUB-002"],
    },
  ],
  allowed: [
    {
      behaviour: "a subscribe to a task that has already finished is refused (the check tries a new task)",
      clause: "A2A 1.0.1 §3.1.6: subscribing to a task in a terminal state is an error",
    },
    {
      behaviour: "the streams close when the task waits for input",
      clause:
        "A2A 1.0.1 §3.1.2 requires closing at a terminal state only; closing at an interrupted one is left open",
      variant: "asks-back-always",
    },
  ],
  dependsOn: ["streaming.subscribe-running", "streaming.subscribe-running-0x"],
  scope: "transport",
  judgesTasks: true,
  needs: ["streaming"],
  generations: ["1.0"],
  run: async (ctx) => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const verdict = await subscribeBoth(ctx);
      if (verdict !== "finished-first") return verdict;
    }
    return skip(
      "twice, the task finished before both subscriptions joined; refusing a subscribe to a finished task is right (A2A 1.0.1 §3.1.6)",
    );
  },
});

/** A running task to subscribe to: one whose message stream stays open meanwhile, else the shared fixture's. */
async function taskToFollow(
  ctx: CheckContext,
): Promise<{ id: string; origin?: RecordedStream; evidence: string[] } | { skipped: CheckVerdict }> {
  const origin = await originStream(ctx);
  if (origin) return { id: origin.id, origin: origin.recorded, evidence: [] };
  const running = await ctx.fixtures.runningTask();
  if (!running.ok) return { skipped: skip(`no task that keeps running: ${running.reason}`) };
  return { id: running.value.id, evidence: running.evidence };
}

/** A verdict, or "finished-first" when a subscription was refused because the task had already ended. */
async function subscribeBoth(ctx: CheckContext): Promise<CheckVerdict | "finished-first"> {
  const followed = await taskToFollow(ctx);
  if ("skipped" in followed) return followed.skipped;
  const { id, origin } = followed;
  // Bounded, so that a task that never ends cannot hold the check past its time box: its subscriptions rightly
  // stay open while it works (§3.1.6 ends them at a terminal state).
  const both = await subscriptionsWithin(ctx, id, subscribeTwice(ctx, id), [...followed.evidence]);
  if (isVerdict(both)) return both;
  const [a, b] = both;
  // The message stream's own end is streaming.stream-ends' to judge: it is given a grace, and what it
  // carried by then is compared.
  const originEnd = origin
    ? await settledWithin(origin.watching, graceAfterFinalMs(ctx.timeoutMs))
    : undefined;
  const evidence = [
    ...followed.evidence,
    ...(originEnd?.outcome?.trafficIds ?? []),
    ...(a.outcome?.trafficIds ?? []),
    ...(b.outcome?.trafficIds ?? []),
  ];
  if (a.outcome?.failure || b.outcome?.failure) {
    // 1.0.1 §3.1.6: a subscribe to a task in a terminal state is refused; a race with the task's end, not a defect.
    const now = await ctx.client.getTask(id);
    evidence.push(...now.trafficIds);
    if (now.ok && terminalStates.has(now.value.state)) return "finished-first";
  }
  // Both opened on a task already over: no running task's stream to compare (a race, not a defect).
  if (openedOnEndedTask(a.events) || openedOnEndedTask(b.events)) return "finished-first";
  // A subscription that idled out while its task still works was open as it should be.
  const idled = [a, b].some((w) => w.outcome?.end.reason === "idle-timeout");
  const atWork = idled ? await stillAtWork(ctx, id, evidence) : undefined;
  if (atWork) return atWork;
  const ended = endProblem("the first subscription", a) ?? endProblem("the second subscription", b);
  if (ended) return fail(`task ${id}: ${ended}`, evidence);
  const order = orderProblem(tail(a.outcome as StreamOutcome), tail(b.outcome as StreamOutcome));
  if (order) return fail(`task ${id}: ${order}`, evidence);
  const missed =
    origin &&
    (missedUpdates(origin.arrivals, a.arrivals, "the first subscription") ??
      missedUpdates(origin.arrivals, b.arrivals, "the second subscription"));
  if (missed) return fail(`task ${id}: ${missed}`, evidence);
  const alongside = origin ? ", as its message stream did" : "";
  return pass(
    `both subscriptions of task ${id} got the same updates in order (${a.events.length} and ${b.events.length} events)${alongside} and closed at its end`,
    evidence,
  );
}
