import { joinTextParts } from "../model/text-parts.js";
import type { TrafficEntry } from "../model/traffic.js";
import type { Finding } from "../model/finding.js";
import type { RunResult } from "../model/result.js";
import { checkCategories, isProblem, shownStatus } from "../model/finding.js";
import { bracketedPlace } from "../model/finding.js";

/** Pass/fail/skip/error counts of one category of findings. */
export interface CategoryCount {
  category: string;
  pass: number;
  fail: number;
  skip: number;
  error: number;
}

// The catalogue's category order (docs/conformance.md), so every report lists categories the same way run after run; unknown ones follow, sorted.
const CATEGORY_ORDER: readonly string[] = checkCategories;
const LEVEL_ORDER = { MUST: 0, SHOULD: 1, MAY: 2 } as const;

function categoryRank(category: string): number {
  const i = CATEGORY_ORDER.indexOf(category);
  return i === -1 ? CATEGORY_ORDER.length : i;
}

/** Compares categories in catalogue order. */
export function compareCategories(a: string, b: string): number {
  return categoryRank(a) - categoryRank(b) || a.localeCompare(b);
}

/** Counts per category, in catalogue order. */
export function categoryCounts(findings: readonly Finding[]): CategoryCount[] {
  const byCategory = new Map<string, CategoryCount>();
  for (const f of findings) {
    let row = byCategory.get(f.category);
    if (!row) {
      row = { category: f.category, pass: 0, fail: 0, skip: 0, error: 0 };
      byCategory.set(f.category, row);
    }
    row[shownStatus(f)] += 1;
  }
  return [...byCategory.values()].sort((a, b) => compareCategories(a.category, b.category));
}

/** Totals over all findings. */
export function totals(findings: readonly Finding[]): Omit<CategoryCount, "category"> & { total: number } {
  const t = { total: findings.length, pass: 0, fail: 0, skip: 0, error: 0 };
  for (const f of findings) t[shownStatus(f)] += 1;
  return t;
}

/** Failed and errored findings, most severe first (MUST before SHOULD before MAY), then by category and id. */
export function problems(findings: readonly Finding[]): Finding[] {
  return findings
    .filter(isProblem)
    .sort(
      (a, b) =>
        LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
        compareCategories(a.category, b.category) ||
        a.id.localeCompare(b.id),
    );
}

/** Findings with one status as the report shows it (a note among the skips), in catalogue order. */
export function withStatus(findings: readonly Finding[], status: Finding["status"]): Finding[] {
  return findings
    .filter((f) => shownStatus(f) === status)
    .sort((a, b) => compareCategories(a.category, b.category) || a.id.localeCompare(b.id));
}

/** What names a run in a heading: the test's name, else the agent URL. */
export function runTitle(result: RunResult): string {
  return result.name ?? result.agent_url ?? "(no agent URL)";
}

/** A finding's display name: id and title, then its binding (and generation when several were tested). */
export function findingName(f: Finding): string {
  const title = f.title ? ` — ${f.title}` : "";
  return `${f.id}${title}${bracketedPlace(f)}`;
}

/** The traffic entries a finding cites, and the ids that point at nothing (a runner bug worth showing). */
export function evidenceOf(
  finding: Finding,
  traffic: readonly TrafficEntry[],
): { entries: TrafficEntry[]; missing: string[] } {
  const byId = new Map(traffic.map((t) => [t.id, t]));
  const entries: TrafficEntry[] = [];
  const missing: string[] = [];
  for (const id of finding.evidence ?? []) {
    const entry = byId.get(id);
    if (entry) entries.push(entry);
    else missing.push(id);
  }
  return { entries, missing };
}

/** Scores as `card 1 · conformance 0.82`; rates keep at most three decimals. */
export function scoreText(scores: RunResult["scores"]): string {
  return Object.entries(scores)
    .filter((e): e is [string, number] => typeof e[1] === "number")
    .map(([k, v]) => `${k} ${Math.round(v * 1000) / 1000}`)
    .join(" · ");
}

/** The conformance level with its score, e.g. `partial (0.82)`; undefined for runs that have none. */
export function levelText(result: RunResult): string | undefined {
  // An interrupted suite states no level (docs/conformance.md 5.2): the report says why there is none.
  if (!result.conformance_level)
    return result.kind === "conformance" && result.interrupted ? "incomplete (interrupted)" : undefined;
  const score = result.scores.conformance;
  return score === undefined
    ? result.conformance_level
    : `${result.conformance_level} (${Math.round(score * 1000) / 1000})`;
}

/** The text of the smoke message that was sent, read from the request params whatever their generation. */
export function smokeSentText(params: unknown): string {
  const p = params as { message?: { parts?: Array<{ text?: unknown }> } } | undefined;
  const parts = Array.isArray(p?.message?.parts) ? p.message.parts : [];
  return joinTextParts(parts.flatMap((part) => (typeof part.text === "string" ? [part.text] : [])));
}

/** One exchange on one line: `POST http://x/rpc → 200 (12 ms)`. */
export function exchangeLine(t: TrafficEntry): string {
  const outcome = t.error
    ? `failed: ${t.error.rule ? `${t.error.rule}: ` : ""}${t.error.message}`
    : t.status === undefined
      ? "no response"
      : String(t.status);
  return `${t.method} ${t.url} → ${outcome} (${t.ms} ms)`;
}
