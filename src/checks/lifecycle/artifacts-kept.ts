import { describeFailure } from "../../client/describe-failure.js";
import {
  interruptedStates,
  terminalStates,
  type Artifact,
  type Reply,
  type Task,
} from "../../protocol/model.js";
import { taskArtifactsProblem } from "../../protocol/validate-reply.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { taskFromStream } from "../streamed-task.js";
import { settledWithin } from "../support/time-box.js";
import { foundLater, isTaskNotFound } from "../support/found-later.js";
import { taskIdOf } from "../support/stream-watch.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** A finished task's artifacts as its send reply or its stream delivered them, one entry per artifact. */
interface Delivery {
  taskId: string;
  how: "the send's reply" | "the stream";
  artifacts: Artifact[];
  evidence: string[];
}

/**
 * Why a way of delivering gave nothing to compare: `unread`, reading the task back failed (lifecycle.get-task's
 * finding); `none`, the task finished without artifacts (they are optional); otherwise no finished task came.
 */
interface NoDelivery {
  why: string;
  kind?: "unread" | "none";
}

/** What comparing one delivery with its read found: a verdict, or (unread) nothing to judge. */
type Compared = { verdict: CheckVerdict } | NoDelivery;

/** How an artifact names itself: artifactId (0.2 on), else 0.1's index, else its name. */
const IDENTITIES = ["artifactId", "index", "name"] as const;

/** An artifact in words, for the finding: its name and what identifies it. */
function named(a: Artifact): string {
  const id =
    a.artifactId !== undefined
      ? `artifactId ${a.artifactId}`
      : a.index !== undefined
        ? `index ${a.index}`
        : undefined;
  if (a.name === undefined) return id ?? "without artifactId, index or name";
  return id ? `"${a.name}" (${id})` : `"${a.name}"`;
}

/**
 * The read's artifact standing for a delivered one: the one of the same artifactId where both sides carry
 * artifactIds, else of the same 0.1 index (0.1 §6.7 has no artifactId), else of the same name, else the one
 * at the same place.
 */
function counterpart(delivered: Artifact, at: number, read: readonly Artifact[]): Artifact | undefined {
  for (const key of IDENTITIES)
    if (delivered[key] !== undefined && read.some((r) => r[key] !== undefined))
      return read.find((r) => r[key] === delivered[key]);
  return read[at];
}

/**
 * The artifacts a stream delivered, one per artifact however many chunks carried it (0.3 §7.2.3 and 1.0.1
 * §4.2.2 append/lastChunk by artifactId; 0.1 §7.2.3 by index). A chunk that names no artifact continues the
 * one before it; only whether each artifact is kept is judged, never its parts one by one.
 */
function streamedArtifacts(events: readonly Reply[]): Artifact[] {
  const byKey = new Map<string, Artifact>();
  let last = "first";
  for (const event of events) {
    const artifacts =
      event.kind === "artifact-update" ? [event.artifact] : event.kind === "task" ? event.artifacts : [];
    for (const artifact of artifacts) {
      const identity = IDENTITIES.find((key) => artifact[key] !== undefined);
      last = identity ? `${identity} ${String(artifact[identity])}` : last;
      const seen = byKey.get(last);
      byKey.set(last, seen ? { ...seen, parts: [...seen.parts, ...artifact.parts] } : artifact);
    }
  }
  return [...byKey.values()];
}

/**
 * The finished task the suite shares, with the artifacts its send's reply carried. A task the fixtures took
 * from a stream (the send answered with a Message) or finished by answering its questions has no send reply
 * of its own to compare (fixtures.ts).
 */
async function sentDelivery(ctx: CheckContext): Promise<Delivery | NoDelivery> {
  const finished = await ctx.fixtures.finishedTask();
  if (!finished.ok) return { why: `no finished task (${finished.reason})` };
  const task = finished.value;
  // An interrupted task (input-required, auth-required) is not finished: its artifacts may still change.
  if (!terminalStates.has(task.state))
    return { why: `task ${task.id} is ${task.state}, not finished`, kind: "none" };
  const reply = finished.streamed ? undefined : finished.sent;
  if (reply?.id !== task.id) return { why: `task ${task.id} has no send reply of its own to compare` };
  // What a reply of a task still at work carried may yet be replaced: the spec says nothing of artifacts
  // kept from one update to the next, so only a finished reply is held to its read (read leniently).
  if (!terminalStates.has(reply.state))
    return { why: `the send's reply of task ${task.id} was ${reply.state}, not finished`, kind: "none" };
  if (reply.artifacts.length === 0)
    return { why: `the send's reply of task ${task.id} (${reply.state}) carried no artifact`, kind: "none" };
  return {
    taskId: task.id,
    how: "the send's reply",
    artifacts: reply.artifacts,
    evidence: finished.evidence,
  };
}

/** The ordinary message streamed to its task's end, with the artifacts the stream delivered on the way. */
async function streamedDelivery(ctx: CheckContext): Promise<Delivery | NoDelivery> {
  const events: Reply[] = [];
  const streamed = await taskFromStream(
    ctx.client,
    ctx.fixtures.message,
    (state) => terminalStates.has(state),
    (event) => void events.push(event),
  );
  // A stream that reached its task's end, whose read then failed, still delivered what it delivered: the read
  // is tried again below (an agent may store a task only once it is done, seen at first sight).
  const last = events.at(-1);
  const endedId = last && "state" in last && terminalStates.has(last.state) ? taskIdOf(last) : undefined;
  if (!streamed.ok && streamed.unreadable && endedId) {
    const artifacts = streamedArtifacts(events);
    if (artifacts.length === 0)
      return { why: `the stream of task ${endedId} delivered no artifact`, kind: "none" };
    return { taskId: endedId, how: "the stream", artifacts, evidence: streamed.evidence };
  }
  if (!streamed.ok) {
    if (streamed.unreadable) return { why: streamed.reason, kind: "unread" };
    // A stream that answered with a Message or left its task waiting for input finished no task (both allowed).
    if (last?.kind === "message" || (last && "state" in last && interruptedStates.has(last.state)))
      return {
        why: `the stream ended ${last.kind === "message" ? "with a Message" : last.state}`,
        kind: "none",
      };
    return { why: `the stream reached no finished state (${streamed.reason})` };
  }
  const artifacts = streamedArtifacts(events);
  if (artifacts.length === 0)
    return { why: `the stream of task ${streamed.value.id} delivered no artifact`, kind: "none" };
  return { taskId: streamed.value.id, how: "the stream", artifacts, evidence: streamed.evidence };
}

/** Reads a delivered task back and judges whether each artifact delivered is still there, with its parts. */
async function compare(ctx: CheckContext, delivery: Delivery | NoDelivery): Promise<Compared> {
  if ("why" in delivery) return delivery;
  const { taskId, how, artifacts } = delivery;
  const got = await ctx.client.getTask(taskId);
  const evidence = [...delivery.evidence, ...got.trafficIds];
  // Not found at once: an agent may store a task only once it is done, a moment after its stream ended.
  const later = isTaskNotFound(got)
    ? await foundLater(ctx.client, taskId, ctx.timeoutMs / 4, evidence)
    : undefined;
  if (!got.ok && !later)
    return { why: `reading task ${taskId} back: ${describeFailure(got)}`, kind: "unread" };
  const task = got.ok ? got.value : (later as Task);
  const raw = got.ok ? got.raw : undefined;
  const read = task.artifacts;
  const n = artifacts.length;
  const missing = artifacts.filter((a, at) => counterpart(a, at, read) === undefined);
  if (missing.length > 0)
    return {
      verdict: fail(
        `${how} of task ${taskId} delivered ${n} artifact(s); read back (${task.state}), the task holds ${read.length}: ${missing.length} of those delivered missing (first: ${named(missing[0] as Artifact)})`,
        evidence,
      ),
    };
  // An artifact read back without its parts array is a malformed artifact, lifecycle.get-task's finding.
  const emptied = taskArtifactsProblem(raw, ctx.generation)
    ? undefined
    : artifacts.find((a, at) => a.parts.length > 0 && counterpart(a, at, read)?.parts.length === 0);
  if (emptied)
    return {
      verdict: fail(
        `${how} of task ${taskId} delivered artifact ${named(emptied)} with ${emptied.parts.length} part(s); read back, it has none`,
        evidence,
      ),
    };
  // A finished task's artifacts are what it produced: read back from a send's reply, the same text (a stream's
  // chunks are merged by appends, so only a send's whole artifacts are compared). Seen at first sight: a read
  // that ran the agent again and returned another answer under the same task.
  const rewritten = how === "the send's reply" ? changedText(artifacts, read) : undefined;
  if (rewritten)
    return {
      verdict: fail(
        `${how} of task ${taskId} delivered artifact ${named(rewritten.delivered)} saying ${quote(rewritten.sent)}; read back, it says ${quote(rewritten.read)}`,
        evidence,
      ),
    };
  return { verdict: pass(`task ${taskId} kept the ${n} artifact(s) ${how} delivered`, evidence) };
}

/** The text of an artifact's text parts, joined, its white space collapsed. */
const textOf = (a: Artifact): string =>
  a.parts
    .flatMap((p) => (p.kind === "text" ? [p.text] : []))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();

const quote = (text: string): string => JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);

/** The first delivered artifact with text whose counterpart read back says something else. */
function changedText(
  delivered: readonly Artifact[],
  read: readonly Artifact[],
): { delivered: Artifact; sent: string; read: string } | undefined {
  for (const [at, artifact] of delivered.entries()) {
    const sent = textOf(artifact);
    const other = counterpart(artifact, at, read);
    if (!sent || !other) continue;
    const now = textOf(other);
    if (now !== sent) return { delivered: artifact, sent, read: now };
  }
  return undefined;
}

/** What is left of the check's budget after `started` (ms on the process clock), with a margin to judge. */
const leftOf = (ctx: CheckContext, started: number) => ctx.timeoutMs * 0.9 - (performance.now() - started);

/**
 * The verdict over the deliveries: the first failure, else a pass naming what was kept, else a skip saying why
 * nothing was judged (not applicable when every finished task came without artifacts).
 */
function judge(comparisons: readonly Compared[]): CheckVerdict {
  const passed: CheckVerdict[] = [];
  const unjudged: NoDelivery[] = [];
  for (const compared of comparisons) {
    if ("why" in compared) unjudged.push(compared);
    else if (compared.verdict.status === "fail") return compared.verdict;
    else passed.push(compared.verdict);
  }
  // A read that fails is lifecycle.get-task's finding: one defect, one finding.
  const unread = unjudged
    .filter((u) => u.kind === "unread")
    .map((u) => `${u.why} (lifecycle.get-task reports it)`);
  const why = [...unjudged.filter((u) => u.kind !== "unread").map((u) => u.why), ...unread].join("; ");
  if (passed.length > 0)
    return {
      ...pass([...passed.map((p) => p.message), ...unread].join("; ")),
      evidence: passed.flatMap((p) => p.evidence ?? []),
    };
  if (unjudged.every((u) => u.kind === "none"))
    return notApplicable(`no finished task was delivered with artifacts: ${why}`);
  return skip(`no delivered artifact could be compared with a read: ${why}`);
}

export default defineCheck({
  id: "lifecycle.artifacts-kept",
  title: "A finished task read back keeps the artifacts its send or stream delivered",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    'No sentence requires a read to return the artifacts a send or a stream delivered, so no MUST. tasks/get "Retrieves the current state (including status, artifacts, and optionally history) of a previously initiated task" (word for word in 0.1.0, 0.2.5 and 0.3.0 §7.3 and 1.0.1 §3.1.3), 1.0.1 §3.1.3 gives its output as the Task\'s "Current state and artifacts", and each names the read after a stream has ended as what it is for: a read that has lost delivered output breaks what these define, so the finding is a SHOULD.',
  requirement:
    "A task that finished (completed, failed, canceled, rejected) with artifacts in its send's reply or its stream still holds each of those artifacts, with parts, when read back with tasks/get (GetTask); artifacts are matched by artifactId, on A2A 0.1 by index, else name, else place. Streamed chunks of one artifact count as that artifact. An artifact of a send's reply reads back with the same text.",
  spec: "A2A 0.1.0, 0.2.5, 0.3.0 §7.3 (tasks/get); 1.0.1 §3.1.3 (Get Task)",
  quote: {
    spec: "A2A 1.0.1 §3.1.3",
    text: "Retrieves the current state (including status, artifacts, and optionally history) of a previously initiated task. This is typically used for polling the status of a task initiated with Send Message, or for fetching the final state of a task after being notified via a push notification or after a stream has ended.",
  },
  recommendation:
    "Store every artifact a task produces (the send's reply and each streamed artifact update, chunks appended) with the task, and return them from tasks/get (GetTask).",
  noSelfTest:
    "no reference-agent flaw loses artifacts: the mutation task-read-drops-artifacts (src/mutation/mutations/tasks.ts) fails it on the 0.3 and 1.0 reference agents over every binding, and hand-written 0.1 agents pass and fail it, by send and by stream (artifacts-kept.test.ts)",
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  run: async (ctx) => {
    const started = performance.now();
    const sent = await compare(ctx, await sentDelivery(ctx));
    if (!ctx.validation.card.capabilities.streaming || ("verdict" in sent && sent.verdict.status === "fail"))
      return judge([sent]);
    // A stream's artifacts may take another path through the agent than a send's (seen at first sight: a 0.1
    // server whose stream delivered an artifact that a read of the task no longer held), so a streaming agent's
    // stream is compared too, within what is left of the check's time.
    const streamed = await settledWithin(
      streamedDelivery(ctx).then((delivery) => compare(ctx, delivery)),
      leftOf(ctx, started),
    );
    return judge([sent, streamed ?? { why: "the stream and its read did not end within the check's time" }]);
  },
});
