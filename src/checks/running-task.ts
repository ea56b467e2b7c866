import { randomUUID } from "node:crypto";
import type { A2AClient } from "../client/types.js";
import { activeStates, type Message, type Task, type TaskState } from "../protocol/model.js";
import { answerIntoWork } from "./answer-back.js";
import type { Provided } from "./settled-task.js";
import { taskFromStream } from "./streamed-task.js";

/** What the search for a running task needs of the fixtures (fixtures.ts): the survey and the sends. */
export interface RunningTaskSource {
  client: A2AClient;
  /** The card claims streaming, so a stream may provide a running task too. */
  streaming: boolean;
  /** The user's `slow` hint: a message that keeps the agent busy. */
  slowHint: string | undefined;
  survey(): Promise<ReadonlyArray<{ text: string; ended: TaskState | "message" | "unknown"; ms: number }>>;
  send(text: string, returnImmediately?: boolean): Promise<Provided<Task | Message>>;
  askingMessage(): Promise<string | undefined>;
  sendAndSettle(text: string): Promise<Provided<Task>>;
}

/** Messages to try for a running task: the hint, then the candidates that kept the agent busy longest. */
export async function runningMessages(src: RunningTaskSource): Promise<string[]> {
  const surveyed = (await src.survey()).filter((p) => p.ended !== "message");
  const byTime = (asks: boolean) =>
    surveyed
      .filter((p) => (p.ended === "input-required") === asks)
      .sort((a, b) => b.ms - a.ms)
      .map((p) => p.text);
  const hint = src.slowHint;
  // Messages that end asking back come last, not never: an agent that asks back on every turn may still
  // work first (seen on Gemini CLI's A2A server), and its working task is the one to cancel or watch.
  // Messages a send answered with a Message come after them, streamed only: a stream may still run a task.
  const answered = src.streaming ? await answeredWithMessage(src) : [];
  return [...new Set([...(hint ? [hint] : []), ...byTime(false), ...byTime(true), ...answered])];
}

/**
 * A task still submitted/working, to cancel or subscribe to. Each candidate is sent without waiting
 * (0.x `blocking: false`, 1.0 `returnImmediately`); when every task is already over, each is streamed
 * and the task taken from its first submitted/working event while the stream is still open.
 */
export async function findRunningTask(src: RunningTaskSource): Promise<Provided<Task>> {
  const hint = src.slowHint;
  // A hinted agent gets its hint alone first: no survey, as few messages as possible.
  const texts = hint ? [hint] : await runningMessages(src);
  const tried = await tryRunning(src, texts);
  if (tried.ok) return tried;
  const rest = hint
    ? await tryRunning(
        src,
        (await runningMessages(src)).filter((t) => t !== hint),
      )
    : tried;
  if (rest.ok) return rest;
  const answered = await answeredIntoWork(src);
  const evidence = [...new Set([...tried.evidence, ...rest.evidence, ...answered.evidence])];
  if (answered.ok) return { ...answered, evidence };
  const inFlight = await inFlightTask(src);
  evidence.push(...inFlight.evidence.filter((id) => !evidence.includes(id)));
  if (inFlight.ok) return { ...inFlight, evidence };
  return { ok: false, reason: `${rest.reason}; and ${answered.reason}; and ${inFlight.reason}`, evidence };
}

/** How long a surveyed task must have taken for its blocking send to stay in flight long enough to list it. */
const IN_FLIGHT_MS = 1000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A 1.0 task read back by ListTasks while the blocking send that made it is still in flight: the send names a
 * contextId of the client's own, and the context is listed until a task in it shows submitted or working, or
 * the send returns. Seen at first sight: an agent that ignores returnImmediately and streams nothing before
 * the work is done still lists the task working meanwhile. Only the hint, or a surveyed message that kept the
 * agent busy IN_FLIGHT_MS or more, is sent; the send goes on to its end in the background.
 */
async function inFlightTask(src: RunningTaskSource): Promise<Provided<Task>> {
  if (src.client.target.generation !== "1.0")
    return {
      ok: false,
      reason: "no task could be listed while its send was in flight (1.0 only)",
      evidence: [],
    };
  const slow = (await src.survey())
    .filter((p) => p.ended !== "message" && p.ms >= IN_FLIGHT_MS)
    .sort((a, b) => b.ms - a.ms)[0]?.text;
  const text = src.slowHint ?? slow;
  if (!text)
    return {
      ok: false,
      reason: `no message kept the agent busy ${IN_FLIGHT_MS / 1000} s, to list its task while its send was in flight`,
      evidence: [],
    };
  const contextId = randomUUID();
  let returned = false;
  const sending = src.client.send({ text, contextId }).finally(() => (returned = true));
  // The send's own outcome is no verdict here: it ends when the work does, maybe after the check.
  sending.catch(() => undefined);
  const evidence: string[] = [];
  while (!returned) {
    await pause(150);
    const listed = await src.client.listTasks({ contextId, pageSize: 10 });
    evidence.push(...listed.trafficIds);
    if (!listed.ok) break;
    const running = listed.value.tasks.find(
      (t) => activeStates.has(t.state) && (t.contextId === undefined || t.contextId === contextId),
    );
    if (running) return { ok: true, value: running, evidence };
  }
  const sent = await sending;
  evidence.push(...sent.trafficIds);
  return {
    ok: false,
    reason: "ListTasks showed no task working in the context while its blocking send was in flight",
    evidence,
  };
}

/** A task that asked back and works once answered (answer-back.ts, answerIntoWork). */
async function answeredIntoWork(src: RunningTaskSource): Promise<Provided<Task>> {
  const text = await src.askingMessage();
  if (!text) return { ok: false, reason: "no task waited for input", evidence: [] };
  const asked = await src.sendAndSettle(text);
  if (!asked.ok || asked.value.state !== "input-required")
    return { ok: false, reason: "the message that asked back did not again", evidence: asked.evidence };
  const working = await answerIntoWork(src.client, asked.value);
  return { ...working, evidence: [...asked.evidence, ...working.evidence] };
}

/** The surveyed messages a send answered with a Message. */
async function answeredWithMessage(src: RunningTaskSource): Promise<string[]> {
  return (await src.survey()).filter((p) => p.ended === "message").map((p) => p.text);
}

async function tryRunning(src: RunningTaskSource, texts: readonly string[]): Promise<Provided<Task>> {
  const evidence: string[] = [];
  const seen = new Set<string>();
  // A send of these already came back as a Message: only their streams are tried.
  const answered = new Set(src.streaming ? await answeredWithMessage(src) : []);
  if (answered.size > 0) seen.add("answered with a Message");
  for (const text of texts.filter((t) => !answered.has(t))) {
    const sent = await src.send(text, true);
    evidence.push(...sent.evidence);
    if (!sent.ok) return { ...sent, evidence };
    if (sent.value.kind === "task" && activeStates.has(sent.value.state))
      return { ok: true, value: sent.value, evidence };
    seen.add(sent.value.kind === "task" ? sent.value.state : "answered with a Message");
  }
  if (src.streaming)
    for (const text of texts) {
      const streamed = await taskFromStream(src.client, text, (state) => activeStates.has(state));
      evidence.push(...streamed.evidence);
      if (streamed.ok) return { ...streamed, evidence };
      seen.add(streamed.reason);
    }
  const how = src.streaming ? "non-blocking and by stream" : "non-blocking";
  const n = texts.length;
  return {
    ok: false,
    reason: `sent ${n} message${n === 1 ? "" : "s"} ${how}; every task was already over when first seen (${[...seen].join(", ")})`,
    evidence,
  };
}
