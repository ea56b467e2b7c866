import { joinTextParts } from "../model/text-parts.js";
import type { RunResult, UsageSection } from "../model/result.js";
import type { TrialStats } from "../model/conversation.js";
import { isObject } from "../model/json.js";

/*
 * Conversation tests add `transcript`, `verdicts` and `trials` to the result (docs/result-format.md). Results are
 * stored and read back by the server, possibly from older versions, so the reporters read them here, defensively,
 * as unknown data: anything unexpected is shown as JSON rather than dropped or trusted.
 */

/** One turn of a conversation as the reporters show it. */
export interface TurnView {
  role: string;
  text: string;
  /** The turn's number, its duration, the task state it left and its error, when the result records them. */
  turn?: number;
  ms?: number;
  state?: string;
  error?: string;
}

/** A line the judge quoted, and whether it is in the transcript. */
export interface QuoteView {
  turn?: number;
  quote: string;
  found: boolean;
}

/** One success criterion and the judge's verdict on it. */
export interface VerdictView {
  criterion: string;
  /** null when the judge gave no boolean. */
  met: boolean | null;
  reasoning: string;
  /** The judge's own word (passed, failed, inconclusive) when given. */
  verdict?: string;
  /** False when a quote is not in the transcript: shown, never counted as met. */
  supported: boolean;
  evidence: QuoteView[];
}

/** One trial of a repeated conversation; `transcript` and `verdicts` are set when the trial carries them. */
export interface TrialView {
  label: string;
  status: string;
  score?: number;
  detail: string;
  transcript?: TurnView[];
  verdicts?: VerdictView[];
}

/** Everything conversational a run holds; undefined when it holds none. */
export interface ConversationView {
  transcript: TurnView[];
  verdicts: VerdictView[];
  trials: TrialView[];
  /** Every trial carries its own transcript and verdicts (show each trial, not the top-level copy). */
  perTrial: boolean;
  stats?: TrialStats;
  usage?: UsageSection;
}

type Loose = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function json(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** The text of a message-like value: a string, `text`, `content`, or the text parts of `parts`. */
function textOf(v: Loose): string | undefined {
  const direct = str(v.text) ?? str(v.content) ?? str(v.message);
  if (direct !== undefined) return direct;
  const parts = Array.isArray(v.parts) ? v.parts : Array.isArray(v.content) ? v.content : undefined;
  if (!parts) return undefined;
  const texts = parts.flatMap((p) => (isObject(p) && typeof p.text === "string" ? [p.text] : []));
  return texts.length > 0 ? joinTextParts(texts) : undefined;
}

function turnOf(item: unknown): TurnView {
  if (typeof item === "string") return { role: "", text: item };
  if (!isObject(item)) return { role: "", text: json(item) };
  const role = str(item.role) ?? str(item.speaker) ?? str(item.from) ?? "";
  const view: TurnView = { role, text: textOf(item) ?? json(item) };
  const turn = num(item.turn);
  const ms = num(item.ms);
  const state = str(item.task_state);
  const error = str(item.error);
  if (turn !== undefined) view.turn = turn;
  if (ms !== undefined) view.ms = ms;
  if (state !== undefined) view.state = state;
  if (error !== undefined) view.error = error;
  return view;
}

function verdictOf(item: unknown): VerdictView {
  if (!isObject(item))
    return { criterion: json(item), met: null, reasoning: "", supported: true, evidence: [] };
  const met =
    typeof item.met === "boolean" ? item.met : typeof item.passed === "boolean" ? item.passed : null;
  const evidence = (Array.isArray(item.evidence) ? item.evidence : []).filter(isObject).map((e) => ({
    ...(num(e.turn) !== undefined ? { turn: num(e.turn)! } : {}),
    quote: str(e.quote) ?? json(e),
    found: e.found !== false,
  }));
  const view: VerdictView = {
    criterion: str(item.criterion) ?? str(item.name) ?? json(item),
    met,
    reasoning: str(item.reasoning) ?? str(item.reason) ?? "",
    supported: item.supported !== false && evidence.every((e) => e.found),
    evidence,
  };
  const verdict = str(item.verdict);
  if (verdict !== undefined) view.verdict = verdict;
  return view;
}

function trialOf(item: unknown, index: number): TrialView {
  const label = `#${index + 1}`;
  if (!isObject(item)) return { label, status: "?", detail: json(item) };
  const passed = typeof item.passed === "boolean" ? (item.passed ? "passed" : "failed") : undefined;
  const status = str(item.status) ?? passed ?? "?";
  const score = num(item.score) ?? (isObject(item.scores) ? num(item.scores.conversation) : undefined);
  const verdicts = Array.isArray(item.verdicts) ? item.verdicts.map(verdictOf) : [];
  const met = verdicts.filter((v) => v.met === true).length;
  const detail = str(item.reason) ?? (verdicts.length > 0 ? `${met}/${verdicts.length} criteria met` : "");
  const view: TrialView = {
    label: num(item.trial) !== undefined ? `#${num(item.trial)}` : label,
    status,
    detail,
  };
  if (score !== undefined) view.score = score;
  if (Array.isArray(item.transcript)) {
    view.transcript = item.transcript.map(turnOf);
    view.verdicts = verdicts;
  }
  return view;
}

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** Reads the conversation fields of a result, whatever shape they turn out to have. */
export function conversationOf(result: RunResult): ConversationView | undefined {
  const raw = result as unknown as Loose;
  const trials = listOf(raw.trials).map(trialOf);
  const view: ConversationView = {
    transcript: listOf(raw.transcript).map(turnOf),
    verdicts: listOf(raw.verdicts).map(verdictOf),
    trials,
    perTrial: trials.length > 0 && trials.every((t) => t.transcript !== undefined),
  };
  if (isObject(raw.trial_stats) && typeof raw.trial_stats.count === "number") view.stats = result.trial_stats;
  if (isObject(raw.usage) && isObject(raw.usage.total)) view.usage = result.usage;
  const empty = view.transcript.length + view.verdicts.length + view.trials.length === 0;
  return empty ? undefined : view;
}

/** Whether a turn is the tester's side (the simulated user), shown on the user's side of a chat. */
export function isUserTurn(turn: TurnView): boolean {
  return /^(user|simulated|tester)/i.test(turn.role);
}

/** The heading of a transcript: `Transcript (6 turns)`. */
export function transcriptTitle(transcript: readonly TurnView[]): string {
  return `Transcript (${transcript.length} turns)`;
}

/** A trial's heading: `Trial 2 of 3: failed, score 0.50 — 1 of 2 criteria met`; its status is a word of its own. */
export function trialTitle(t: TrialView, count: number): { lead: string; status: string; rest: string } {
  const score = t.score === undefined ? "" : `, score ${t.score.toFixed(2)}`;
  return {
    lead: `Trial ${t.label.replace(/^#/, "")} of ${count}: `,
    status: t.status,
    rest: `${score}${t.detail ? ` — ${t.detail}` : ""}`,
  };
}

/** The judge's verdict on one criterion in words: `met`, `not met` or `?`, and why it does not count when unsupported. */
export function verdictWording(v: VerdictView): { word: "met" | "not met" | "?"; unsupported?: string } {
  if (v.met === null) return { word: "?" };
  if (v.met) return { word: "met" };
  return v.supported
    ? { word: "not met" }
    : { word: "not met", unsupported: `unsupported (${v.verdict ?? "?"}): a quote is not in the transcript` };
}
