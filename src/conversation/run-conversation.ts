import { sendTurn, type TurnOutcome } from "../client/turn.js";
import type { RunEventSink } from "../model/events.js";
import type { A2AClient } from "../client/types.js";
import { addUsage, LlmError, noUsage, type LanguageModelClient } from "../llm/types.js";
import type { TrafficLog } from "../net/traffic.js";
import { interruptedStates } from "../protocol/model.js";
import { replyText } from "../protocol/reply-text.js";
import { criteriaOf, judgeTranscript, scoreOf } from "./judge.js";
import { MODEL_SETUP_HINT, ModelWatch, unreachableModel, type UnreachableModel } from "./model-watch.js";
import { nextUserMove } from "./simulated-user.js";
import { runBounded, trialStats } from "./trials.js";
import { conversationDefaults, type ConversationSpec } from "./types.js";
import {
  type ConversationEnd,
  type TranscriptEntry,
  type TrialOutcome,
  type TrialStats,
} from "../model/conversation.js";

/** What a conversation needs: the agent's client, the spec, and a model for each role. */
export interface ConversationContext {
  /** A client of the negotiated generation, over any binding. */
  client: A2AClient;
  /** The log the client records into (each turn's request is read back from it). */
  traffic: TrafficLog;
  spec: ConversationSpec;
  user: LanguageModelClient;
  judge: LanguageModelClient;
  /** docs/test-files.md: 1000; tests shorten it. */
  pollIntervalMs?: number;
  /** docs/test-files.md: 60 s of polling per turn. */
  turnBudgetMs?: number;
  concurrency?: number;
  /** Hears each turn as it is added and each trial as it ends (progress, live reporters). */
  onEvent?: RunEventSink;
  /** Stops the conversation (Ctrl-C): no further turn, no new trial, and no unfinished trial is graded. */
  signal?: AbortSignal;
}

/** The agent's side of one turn as a transcript line. */
function agentEntry(turn: number, outcome: TurnOutcome, ms: number): TranscriptEntry {
  const reply = outcome.reply;
  const entry: TranscriptEntry = {
    turn,
    role: "agent",
    text: reply ? replyText(reply) : "",
    at: new Date().toISOString(),
    ms,
    method: outcome.request.method,
    ...(outcome.polls > 0 ? { polls: outcome.polls } : {}),
  };
  if (reply) {
    entry.reply_kind = reply.kind;
    if (reply.contextId) entry.context_id = reply.contextId;
    if (reply.kind === "task") Object.assign(entry, { task_id: reply.id, task_state: reply.state });
  }
  const failedTask = reply?.kind === "task" && (reply.state === "failed" || reply.state === "rejected");
  if (outcome.failure) entry.error = outcome.failure;
  else if (failedTask)
    entry.error = `the task ${reply.state}${entry.text ? `: "${entry.text.slice(0, 200)}"` : ""}`;
  return entry;
}

interface Dialogue {
  transcript: TranscriptEntry[];
  ended: ConversationEnd;
  endReason?: string;
  userUsage: TrialOutcome["usage"]["user"];
  warnings: string[];
}

/** Holds the conversation: simulated user and agent take turns until one ends it or max_turns is reached. */
async function converse(ctx: ConversationContext, trial: number): Promise<Dialogue> {
  const { spec } = ctx;
  const d: Dialogue = { transcript: [], ended: "max-turns", userUsage: noUsage, warnings: [] };
  const add = (e: TranscriptEntry) => {
    d.transcript.push(e);
    const type = e.role === "user" ? "turn-sent" : "turn-received";
    ctx.onEvent?.({ type, trial, trials: spec.trials, entry: e });
  };
  let contextId: string | undefined;
  let taskId: string | undefined;
  const stopped = () => ctx.signal?.aborted === true;
  for (let turn = 1; turn <= spec.maxTurns; turn++) {
    if (stopped()) return { ...d, ended: "interrupted" };
    let text = turn === 1 ? spec.opening : undefined;
    if (text === undefined) {
      try {
        const move = await nextUserMove(ctx.user, spec, d.transcript, turn);
        d.userUsage = addUsage(d.userUsage, move.usage);
        if (stopped()) return { ...d, ended: "interrupted" };
        if (move.done) return { ...d, ended: "user-done", endReason: move.reason };
        text = move.message;
      } catch (error) {
        if (!(error instanceof LlmError)) throw error;
        d.userUsage = addUsage(d.userUsage, error.usage);
        if (stopped()) return { ...d, ended: "interrupted" };
        return { ...d, ended: "model-error", endReason: error.message };
      }
    }
    add({ turn, role: "user", text, at: new Date().toISOString() });
    const sentAt = Date.now();
    // docs/test-files.md: reuse the agent's contextId every turn; an interrupted task continues on the next turn.
    const outcome = await sendTurn(
      ctx.client,
      { text, ...(contextId ? { contextId } : {}), ...(taskId ? { taskId } : {}) },
      {
        deadline: sentAt + (ctx.turnBudgetMs ?? conversationDefaults.turnBudgetMs),
        pollIntervalMs: ctx.pollIntervalMs ?? conversationDefaults.pollIntervalMs,
        traffic: ctx.traffic,
      },
    );
    // A turn the interrupt cut short is no reply of the agent's: it is left out of the transcript.
    if (stopped()) return { ...d, ended: "interrupted" };
    const entry = agentEntry(turn, outcome, Date.now() - sentAt);
    add(entry);
    contextId = entry.context_id ?? contextId;
    const interrupted = entry.task_state !== undefined && interruptedStates.has(entry.task_state as never);
    taskId = interrupted ? entry.task_id : undefined;
    if (entry.error) return { ...d, ended: "agent-error", endReason: entry.error };
  }
  return d;
}

function endingText(d: Dialogue, maxTurns: number): string {
  switch (d.ended) {
    case "user-done":
      return `the user ended it: ${d.endReason ?? "done"}`;
    case "max-turns":
      return `the turn limit (${maxTurns}) was reached`;
    case "agent-error":
      return `the agent failed: ${d.endReason ?? "no reply"}`;
    case "model-error":
      return `the simulated user's model failed: ${d.endReason ?? ""}`;
    case "interrupted":
      return "the run was interrupted";
  }
}

function failedReason(verdicts: TrialOutcome["verdicts"], score: number): string {
  const missed = verdicts
    .filter((v) => !v.met)
    .map((v) => `${JSON.stringify(v.criterion)}${v.supported ? "" : " (unsupported)"}`);
  return `${missed.length} of ${verdicts.length} criteria not met (score ${score.toFixed(2)}): ${missed.join(", ")}`;
}

/** One whole conversation, then the judge. A model failure is an `error` that keeps the transcript so far. */
export async function runTrial(ctx: ConversationContext, trial: number): Promise<TrialOutcome> {
  const started = Date.now();
  const d = await converse(ctx, trial);
  const base = {
    trial,
    ended: d.ended,
    ...(d.endReason ? { end_reason: d.endReason } : {}),
    transcript: d.transcript,
    warnings: d.warnings,
  };
  const done = (rest: Omit<TrialOutcome, keyof typeof base | "duration_ms">): TrialOutcome => ({
    ...base,
    ...rest,
    duration_ms: Date.now() - started,
  });
  const unjudged = (reason: string) =>
    done({
      status: "error",
      reason,
      score: null,
      verdicts: [],
      usage: { user: d.userUsage, judge: noUsage },
    });
  if (d.ended === "model-error") return unjudged(d.endReason ?? "the simulated user's model failed");
  if (d.ended === "interrupted" || ctx.signal?.aborted)
    return unjudged("not graded: the run was interrupted before the trial ended");
  // No exchange with the agent: nothing to grade, and an empty transcript must never pass.
  if (d.transcript.length === 0)
    return unjudged(
      `the simulated user ended the conversation before sending any message (it said ${JSON.stringify(d.endReason ?? "")}): nothing to grade`,
    );
  try {
    const criteria = criteriaOf(ctx.spec).length;
    ctx.onEvent?.({ type: "judge-started", trial, trials: ctx.spec.trials, criteria });
    const judged = await judgeTranscript(ctx.judge, ctx.spec, d.transcript, endingText(d, ctx.spec.maxTurns));
    const { score, passed } = scoreOf(judged.verdicts, ctx.spec.threshold);
    return done({
      status: passed ? "passed" : "failed",
      ...(passed ? {} : { reason: failedReason(judged.verdicts, score) }),
      score,
      verdicts: judged.verdicts,
      usage: { user: d.userUsage, judge: judged.usage },
    });
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    return done({
      status: "error",
      reason: error.message,
      score: null,
      verdicts: [],
      usage: { user: d.userUsage, judge: error.usage },
    });
  }
}

/** The one line of a run whose model cannot be reached: which model, where, and what to check. */
function unreachableReason(down: UnreachableModel): string {
  return `${unreachableModel(down)}, so no trial can run: ${MODEL_SETUP_HINT}`;
}

/** The outcome of every trial, and the statistics over them. */
export interface ConversationOutcome {
  trials: TrialOutcome[];
  stats: TrialStats;
  status: "passed" | "failed" | "error";
  reason?: string;
  /** Mean score of the trials the judge graded; null when none was graded. */
  score: number | null;
}

function overall(trials: TrialOutcome[], stats: TrialStats): Pick<ConversationOutcome, "status" | "reason"> {
  const single = trials.length === 1;
  const errored = trials.find((t) => t.status === "error");
  if (errored)
    return { status: "error", reason: single ? errored.reason : `trial ${errored.trial}: ${errored.reason}` };
  if (single) {
    const only = trials[0]!;
    return { status: only.status, ...(only.reason ? { reason: only.reason } : {}) };
  }
  const rate = `${stats.passed}/${stats.count} trials passed (${Math.round(stats.pass_rate * 100)}%)`;
  return stats.met_minimum
    ? { status: "passed" }
    : {
        status: "failed",
        reason: `${rate}, below the minimum pass rate of ${Math.round(stats.min_pass_rate * 100)}%`,
      };
}

/**
 * Runs spec.trials conversations (a few at a time) and decides the status from the pass rate. After an
 * interrupt, or once a model cannot be reached at all, no further trial starts; a trial the interrupt cut
 * short is listed but counts in no statistic.
 */
export async function runConversation(given: ConversationContext): Promise<ConversationOutcome> {
  const watch = new ModelWatch();
  const ctx = { ...given, user: watch.wrap(given.user), judge: watch.wrap(given.judge) };
  const started = await runBounded(
    ctx.spec.trials,
    ctx.concurrency ?? conversationDefaults.concurrency,
    async (i) => {
      // The others start once the first model call has answered: a model that is down is found once.
      if (i > 0) await watch.settled;
      if (ctx.signal?.aborted || watch.down) return undefined;
      const outcome = await runTrial(ctx, i + 1).finally(() => watch.release());
      ctx.onEvent?.({ type: "trial-finished", trial: outcome });
      return outcome;
    },
  );
  const down = watch.down;
  const trials = started.filter((t): t is TrialOutcome => t !== undefined);
  const finished = trials.filter((t) => t.ended !== "interrupted");
  const stats = trialStats(finished, ctx.spec.minPassRate);
  const graded = finished.filter((t) => t.score !== null).map((t) => t.score!);
  const score = graded.length === 0 ? null : graded.reduce((a, b) => a + b, 0) / graded.length;
  if (down) return { trials, stats, score, status: "error", reason: unreachableReason(down) };
  if (ctx.signal?.aborted)
    return {
      trials,
      stats,
      score,
      status: "error",
      reason: `the run was interrupted: ${finished.length} of ${ctx.spec.trials} trials finished, and only they are graded`,
    };
  return { trials, stats, score, ...overall(trials, stats) };
}
