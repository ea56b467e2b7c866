import type { RunResult } from "../model/result.js";

/*
 * Conversation tests add `transcript`, `verdicts` and `trials` to the result (DESIGN.md section 3). Their types are
 * still landing, so the reporters read them here, defensively, as unknown data: anything unexpected is shown as JSON
 * rather than dropped or trusted.
 */

/** One turn of a conversation as the reporters show it. */
export interface TurnView {
  role: string;
  text: string;
}

/** One success criterion and the judge's verdict on it. */
export interface VerdictView {
  criterion: string;
  /** null when the judge gave no boolean. */
  met: boolean | null;
  reasoning: string;
}

/** One trial of a repeated conversation. */
export interface TrialView {
  label: string;
  status: string;
  score?: number;
  detail: string;
}

/** Everything conversational a run holds; undefined when it holds none. */
export interface ConversationView {
  transcript: TurnView[];
  verdicts: VerdictView[];
  trials: TrialView[];
}

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);
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
  return texts.length > 0 ? texts.join("\n") : undefined;
}

function turnOf(item: unknown): TurnView {
  if (typeof item === "string") return { role: "", text: item };
  if (!isObject(item)) return { role: "", text: json(item) };
  const role = str(item.role) ?? str(item.speaker) ?? str(item.from) ?? "";
  return { role, text: textOf(item) ?? json(item) };
}

function verdictOf(item: unknown): VerdictView {
  if (!isObject(item)) return { criterion: json(item), met: null, reasoning: "" };
  const met =
    typeof item.met === "boolean" ? item.met : typeof item.passed === "boolean" ? item.passed : null;
  return {
    criterion: str(item.criterion) ?? str(item.name) ?? json(item),
    met,
    reasoning: str(item.reasoning) ?? str(item.reason) ?? "",
  };
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
  const view: TrialView = { label, status, detail };
  if (score !== undefined) view.score = score;
  return view;
}

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** Reads the conversation fields of a result, whatever shape they turn out to have. */
export function conversationOf(result: RunResult): ConversationView | undefined {
  const raw = result as unknown as Loose;
  const view: ConversationView = {
    transcript: listOf(raw.transcript).map(turnOf),
    verdicts: listOf(raw.verdicts).map(verdictOf),
    trials: listOf(raw.trials).map(trialOf),
  };
  const empty = view.transcript.length + view.verdicts.length + view.trials.length === 0;
  return empty ? undefined : view;
}
