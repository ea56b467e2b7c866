import { getTaskOwner } from "../lifecycle/get-task.js";
import type { A2AClient } from "../../client/types.js";
import { settledWithin } from "../support/time-box.js";
import { activeStates, type Task } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { waitForSettled, type Provided } from "../fixtures.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { graceAfterFinalMs, mayEndStream, taskIdOf, watchStream } from "../support/stream-watch.js";
import { cutShortProblem } from "../support/subscription-end.js";
import { foundLater } from "../support/found-later.js";
import { cutShortByDrop, outputChars, undisturbedRun } from "../support/drop-baseline.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the task right after the drop and again with backoff, since the server notices the drop a moment later. */
async function readAfterDrop(
  client: A2AClient,
  id: string,
  evidence: string[],
): Promise<{ ok: true; task: Task } | { ok: false; verdict: CheckVerdict }> {
  let task: Task | undefined;
  for (const delay of [0, 50, 100, 200]) {
    await sleep(delay);
    const got = await client.getTask(id);
    evidence.push(...got.trafficIds);
    if (!got.ok)
      return {
        ok: false,
        verdict: fail(
          `after the stream was dropped, reading task ${id} failed: ${describeFailure(got)}`,
          evidence,
        ),
      };
    task = got.value;
    if (!activeStates.has(task.state)) break;
  }
  return task ? { ok: true, task } : { ok: false, verdict: skip("the task was never read") };
}

/**
 * After a dropped task was not found: a skip when no task can be read back, dropped or not (lifecycle.get-task's
 * finding); the task when it turns up later (seen at first sight: an agent that stores a task only once it is
 * done lost nothing to the drop; a task unreadable while it works is lifecycle.get-task's finding); else
 * undefined, the task lost.
 */
async function readLater(
  ctx: CheckContext,
  id: string,
  evidence: string[],
): Promise<{ task: Task; late: string } | { skip: CheckVerdict } | undefined> {
  const known = await ctx.fixtures.knownTask();
  const baseline = known ? await ctx.client.getTask(known.id) : undefined;
  if (baseline && !baseline.ok)
    return {
      skip: skip(
        `no task can be read back, dropped or not (task ${known?.id}: ${describeFailure(baseline)}): ${getTaskOwner(ctx.generation)} reports it`,
      ),
    };
  const later = await foundLater(ctx.client, id, ctx.timeoutMs / 2, evidence);
  if (!later) return undefined;
  return {
    task: later,
    late: ` (not found right after the drop, only once it was ${later.state}: ${getTaskOwner(ctx.generation)}'s finding)`,
  };
}

/**
 * Resubscribes to a task still working after its stream was dropped, for at most `patienceMs`: what the
 * resubscription delivered, as a note, or why it fell short (it ended while the task still worked).
 */
async function resubscribeAfterDrop(
  ctx: CheckContext,
  id: string,
  evidence: string[],
  patienceMs: number,
): Promise<{ resubscribed: string; cutShort?: string; endedAt?: number }> {
  // Half the budget at most: a server may hold a resubscription open after the task ended (a race some
  // SDKs have), and the outcome below still needs its time.
  const watching = watchStream((onEvent) => ctx.client.subscribe(id, onEvent), {
    graceMs: graceAfterFinalMs(ctx.timeoutMs),
    stopAt: (event) => mayEndStream(event),
  });
  const watched = await settledWithin(watching, patienceMs);
  evidence.push(...(watched?.outcome?.trafficIds ?? []));
  // A refused subscription is streaming.subscribe-running's finding. What a resubscription replays is up to
  // the implementation in 0.x (0.3 §7.9), and a task may finish between the read and the subscription, so
  // the stream's content is reported, and the task's outcome is what is judged.
  if (!watched) return { resubscribed: "; a resubscription stayed open without its final event" };
  if (watched.outcome?.failure)
    return { resubscribed: `; a resubscription was refused (${describeFailure(watched.outcome.failure)})` };
  const count = watched.events.length;
  if (watched.events.some(mayEndStream))
    return {
      resubscribed: `; a resubscription carried it to its end (${count} event(s))`,
      endedAt: Date.now(),
    };
  // Ended before the final event: a defect only if the task was in fact still going.
  const cutShort = await cutShortProblem(ctx, "a resubscription", id, watched.events, evidence);
  if (cutShort) return { resubscribed: "", cutShort };
  return { resubscribed: `; a resubscription ended after ${count} event(s), as the task ended` };
}

/**
 * Whether a subscription to a running task nobody dropped falls short too (refused, or ended while its task
 * works): then a resubscription cut short after a drop shows no more than streaming.subscribe-running finds,
 * and this check leaves the resubscription out and judges only how the task ends. `carried` when it reached
 * its task's final event (the cut after the drop is the drop's doing); `unseen` when that could not be seen.
 */
async function resubscriptionBrokenAnyway(
  ctx: CheckContext,
  patienceMs: number,
): Promise<{ broken: string } | "carried" | { unseen: string }> {
  const running = await settledWithin(ctx.fixtures.runningTask(), patienceMs);
  if (!running?.ok) return { unseen: running ? running.reason : "no running task came in time" };
  const id = running.value.id;
  const watching = watchStream((onEvent) => ctx.client.subscribe(id, onEvent), {
    graceMs: graceAfterFinalMs(ctx.timeoutMs),
    stopAt: (event) => mayEndStream(event),
  });
  const watched = await settledWithin(watching, patienceMs);
  if (!watched) return { unseen: `the subscription to task ${id} stayed open past the time left` };
  // A task that had ended before its subscription began shows nothing of how a running one is carried.
  if (watched.events[0] !== undefined && mayEndStream(watched.events[0]))
    return { unseen: `task ${id} had ended before its subscription began` };
  if (watched.events.some(mayEndStream)) return "carried";
  const failure = watched.outcome?.failure;
  if (failure)
    return { broken: `a subscription to running task ${id} was refused (${describeFailure(failure)})` };
  const cut = await cutShortProblem(ctx, "a subscription", id, watched.events, []);
  return cut ? { broken: cut } : { unseen: `the subscription to task ${id} ended as its task did` };
}

/** Where a dropped task was followed to: its end as read back, or why it was not reached. */
interface Followed {
  settled: Provided<Task>;
  resubscribed: string;
  cutShort?: string;
  /** When the task was first seen over: how long the dropped run took, at most. */
  endedAt?: number;
  /** Set when the wait for the end was bounded by what the message usually takes (a stall is then a finding). */
  stallBound?: { usualMs: number };
}

/**
 * Follows a task still working after the drop to its end: a resubscription while it works, then reads. The task
 * is given a few times what the same message takes without a drop (when that is known), within the budget: a
 * task the drop stalled is not waited on for the whole budget.
 */
async function followToEnd(
  ctx: CheckContext,
  drop: { id: string; text: string },
  task: Task,
  evidence: string[],
): Promise<Followed> {
  const started = Date.now();
  let resubscribed = "";
  let cutShort: string | undefined;
  let endedAt = activeStates.has(task.state) ? undefined : Date.now();
  const usualMs = await usualDuration(ctx, drop.text);
  // At least 5 s: a busy machine slows one run of a quick task several times over (seen at first sight: a
  // 0.4 s task still working 2 s after the drop, under load, and ending at once on the runs after).
  const patience = (left: number) =>
    usualMs === undefined ? left : Math.min(left, Math.max(5000, 4 * usualMs));
  if (activeStates.has(task.state))
    ({ resubscribed, cutShort, endedAt } = await resubscribeAfterDrop(
      ctx,
      drop.id,
      evidence,
      patience(ctx.timeoutMs / 2),
    ));
  const left = Math.max(250, ctx.timeoutMs - (Date.now() - started) - 250);
  const wait = patience(left);
  const settled: Provided<Task> = activeStates.has(task.state)
    ? await waitForSettled(ctx.client, task, wait)
    : { ok: true, value: task, evidence: [] };
  evidence.push(...settled.evidence);
  const stallBound = usualMs !== undefined && wait < left ? { stallBound: { usualMs } } : {};
  return {
    settled,
    resubscribed,
    ...(cutShort ? { cutShort } : {}),
    ...(endedAt !== undefined ? { endedAt } : {}),
    ...stallBound,
  };
}

/**
 * Judges how a dropped task ended against how the same message ends without a drop: a drop that cancels or
 * fails the work, or cuts it short, is the defect the spec's "MUST NOT affect" rules out. Undefined: it ended
 * as it does undisturbed.
 */
async function endProblem(
  ctx: CheckContext,
  drop: { id: string; text: string; sentAt: number },
  ended: Task,
  endedAt: number | undefined,
  evidence: string[],
  started: number,
): Promise<string | undefined> {
  const { id, text } = drop;
  const end = ended.state;
  // A canceled or failed end is compared with how the message ends otherwise; any other end with an undisturbed run.
  if (end === "canceled" || end === "failed") {
    const normal = await normalEnd(ctx, text);
    return normal !== undefined && normal !== end && normal !== "unknown"
      ? `the drop ended the work: task ${id} became ${end} after its stream was dropped, while the same message otherwise ends ${normal}`
      : undefined;
  }
  // Seen ended by now at the latest: an upper bound of how long the dropped run took.
  const dropped = { ms: (endedAt ?? Date.now()) - drop.sentAt, chars: outputChars(ended) };
  const budget = Math.max(250, ctx.timeoutMs - (Date.now() - started));
  const undisturbed = await undisturbedRun(ctx, text, budget, evidence);
  const short = undisturbed && cutShortByDrop(dropped, undisturbed);
  return short ? `the drop cut the work short: task ${id} ${short}` : undefined;
}

/**
 * Follows a task whose stream was dropped: the task must end as the same message ends when nobody drops
 * anything, and a resubscription while it still works must carry it to its final event. How the task ends is
 * judged first and whatever the resubscription did (seen at first sight: an agent that aborted the task on
 * the drop went unseen while its resubscription, cut short on every task, kept this check from running); a
 * resubscription cut short fails here only when one to a task nobody dropped is not.
 */
async function followAfterDrop(
  ctx: CheckContext,
  drop: { id: string; text: string; sentAt: number },
  streamEvidence: string[],
): Promise<CheckVerdict> {
  const { id } = drop;
  const evidence = [...streamEvidence];
  const started = Date.now();
  const read = await readAfterDrop(ctx.client, id, evidence);
  const found = read.ok ? { task: read.task, late: "" } : await readLater(ctx, id, evidence);
  if (!found) return read.ok ? skip("the task was never read") : read.verdict;
  if ("skip" in found) return found.skip;
  const { late } = found;
  const { settled, resubscribed, cutShort, endedAt, stallBound } = await followToEnd(
    ctx,
    drop,
    found.task,
    evidence,
  );
  if (!settled.ok && stallBound)
    return fail(
      `the drop stalled the work: ${settled.reason} after its stream was dropped, while the same message otherwise ends in ${(stallBound.usualMs / 1000).toFixed(1)} s`,
      evidence,
    );
  // Readable is not enough: whether the drop spared the work shows only in how the task ends.
  if (!settled.ok)
    return skip(
      `task ${id} stays readable after its stream was dropped, but did not end within the budget (${settled.reason})${cutShort ? `; ${cutShort}` : resubscribed}`,
    );
  const problem = await endProblem(ctx, drop, settled.value, endedAt, evidence, started);
  if (problem) return fail(cutShort ? `${problem}; ${cutShort}` : problem, evidence);
  const ended = `task ${id} stays readable after its stream was dropped and ended ${settled.value.state}${late}`;
  if (!cutShort) return pass(`${ended}${resubscribed}`, evidence);
  const left = Math.max(250, ctx.timeoutMs - (Date.now() - started) - 250);
  const anyway = await resubscriptionBrokenAnyway(ctx, left / 2);
  if (anyway === "carried") return fail(cutShort, evidence);
  // A cut seen on every subscription is streaming.subscribe-running's finding; an unseen control leaves it unjudged.
  const why =
    "broken" in anyway
      ? `since one to a task nobody dropped falls short too (${anyway.broken}), which streaming.subscribe-running reports`
      : `unjudged (${cutShort}), since whether one to a task nobody dropped does the same could not be seen: ${anyway.unseen}`;
  return pass(`${ended}; its resubscription was left out, ${why}`, evidence);
}

/** How long the message's task takes without a drop, as the survey measured it (undefined when unmeasured). */
async function usualDuration(ctx: CheckContext, text: string): Promise<number | undefined> {
  const probe = (await ctx.fixtures.survey()).find((p) => p.text === text);
  return probe && probe.ended !== "unknown" && probe.ended !== "message" ? probe.ms : undefined;
}

/** How the message ends when nobody drops its stream: as the survey saw it, else from one more send of it. */
async function normalEnd(ctx: CheckContext, text: string): Promise<string | undefined> {
  const surveyed = (await ctx.fixtures.survey()).find((p) => p.text === text)?.ended;
  if (surveyed !== undefined && surveyed !== "unknown") return surveyed;
  const sent = await ctx.fixtures.send(text, true);
  if (!sent.ok || sent.value.kind !== "task") return undefined;
  const settled = await waitForSettled(ctx.client, sent.value, ctx.timeoutMs);
  return settled.ok ? settled.value.state : undefined;
}

/** Drops a message stream at its first event that names a task, then follows the task; shared with the 0.x twin. */
export async function dropStreamAndFollow(ctx: CheckContext): Promise<CheckVerdict> {
  // The message that kept the agent busy longest: the stream is dropped while its task still works.
  const slow = ctx.hints.slow ?? (await ctx.fixtures.runningMessages())[0] ?? ctx.fixtures.message;
  // Stop reading at the first event that names the task: the client drops the connection there.
  const sentAt = Date.now();
  const watched = await watchStream((onEvent) => ctx.client.stream({ text: slow }, onEvent), {
    graceMs: graceAfterFinalMs(ctx.timeoutMs),
    stopAt: (event) => taskIdOf(event) !== undefined || event.kind === "message",
  });
  const streamEvidence = watched.outcome?.trafficIds ?? [];
  if (watched.outcome?.failure)
    return skip(
      `the stream was refused (${describeFailure(watched.outcome.failure)}); streaming.first-event reports it`,
    );
  const first = watched.events.at(-1);
  const id = first ? taskIdOf(first) : undefined;
  if (!first || first.kind === "message" || !id)
    return skip(
      `the stream of "${slow}" named no task (a Message, or no event), so there is no task to read`,
    );
  return followAfterDrop(ctx, { id, text: slow, sentAt }, streamEvidence);
}

export default defineCheck({
  id: "streaming.dropped-stream-task-readable",
  title: "A dropped stream leaves its task running to its end",
  category: "streaming",
  level: "MUST",
  requirement:
    "When a client drops a message stream early, the task lives on: GetTask still returns it, a resubscription while it works carries it to its final event, and it ends as the same message ends without a drop (not canceled, failed or stalled by the drop, nor completed at once with less output than an undisturbed stream of the same message produces in more than twice the time).",
  spec: "A2A 1.0 §3.5.2 (the task lifecycle is independent of any stream's), §3.1.2, §3.1.3",
  tck: ["STREAM-ORDER-004"],
  quote: {
    spec: "A2A 1.0.1 §3.5.2",
    text: "Closing one stream MUST NOT affect other active streams for the same task; the task lifecycle is independent of any individual stream's lifecycle",
  },
  recommendation:
    "Decouple task execution from the HTTP connection: keep the task in the store and keep working when a stream's client disconnects.",
  selfTest: [
    { flaw: "dropped-stream-loses-task", protocols: ["1.0"], bindings: ["JSONRPC"] },
    { flaw: "dropped-stream-cancels-task", protocols: ["1.0"], bindings: ["JSONRPC"] },
  ],
  // No dependsOn streaming.subscribe-running: a resubscription it finds broken leaves this check its input (the
  // dropped task, read back), and followAfterDrop leaves the resubscription out when it is broken anyway.
  scope: "transport",
  judgesTasks: true,
  needs: ["streaming"],
  generations: ["1.0"],
  run: dropStreamAndFollow,
});
