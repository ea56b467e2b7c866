import type { BaselineComparison, NumberDelta, VerdictChange } from "../model/result.js";
import { formatLocalTime } from "./units.js";

/** A group of changed verdicts as every face shows it: its title, its tone, its rows. */
export interface ChangeGroup {
  title: string;
  tone: "bad" | "good" | "neutral" | "warn";
  rows: VerdictChange[];
}

/** The comparison with a baseline, in words: the same in the console, Markdown, HTML and on the web board. */
export interface BaselineView {
  heading: string;
  /** "2 new failures, 1 fixed, 3 still failing". */
  summary: string;
  groups: ChangeGroup[];
  /** "conformance 0.82 → 0.78 (−0.04)", "level partial → minimal", load figures. */
  deltas: string[];
  /** The card did not change, so a flipped verdict may be flakiness; said once, beside the flaky group. */
  note?: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function signed(value: number, digits: number): string {
  const text = Math.abs(value).toFixed(digits);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : "±0";
}

function deltaText(d: NumberDelta): string {
  const digits =
    Number.isInteger(d.before) && Number.isInteger(d.after) ? 0 : d.name.endsWith("(ms)") ? 1 : 2;
  const ratio =
    d.before !== 0 && d.name.endsWith("(ms)")
      ? ` ${signed(((d.after - d.before) / d.before) * 100, 0)}%`
      : "";
  return `${d.name} ${d.before.toFixed(digits)} → ${d.after.toFixed(digits)} (${signed(d.delta, digits)}${ratio})`;
}

/** "the verdict: before → after" for one change. */
export function changeText(c: VerdictChange): string {
  return `${c.id}${c.level ? ` [${c.level}]` : ""}: ${c.before ?? "new"} → ${c.after}`;
}

export function baselineView(b: BaselineComparison): BaselineView {
  const groups: ChangeGroup[] = [
    { title: "New failures", tone: "bad" as const, rows: b.new_failures },
    { title: "Fixed", tone: "good" as const, rows: b.fixed },
    { title: "Flaky (changed while the agent's card did not)", tone: "warn" as const, rows: b.flaky },
    { title: "Still failing", tone: "neutral" as const, rows: b.still_failing },
  ].filter((g) => g.rows.length > 0);
  const deltas: string[] = [];
  if (b.status.before !== b.status.after) deltas.push(`status ${b.status.before} → ${b.status.after}`);
  if (b.level && b.level.before !== b.level.after)
    deltas.push(`level ${b.level.before ?? "none"} → ${b.level.after ?? "none"}`);
  for (const d of [...b.scores, ...(b.load ?? [])])
    if (d.delta !== 0 || b.load?.includes(d)) deltas.push(deltaText(d));
  return {
    heading: `Compared with ${b.source} (run of ${formatLocalTime(b.started_at)})`,
    summary: [
      plural(b.new_failures.length, "new failure"),
      `${b.fixed.length} fixed`,
      `${b.still_failing.length} still failing`,
      ...(b.flaky.length > 0 ? [`${b.flaky.length} flaky`] : []),
      b.card_changed ? "the agent's card changed" : "the agent's card is unchanged",
    ].join(", "),
    groups,
    deltas,
    ...(b.flaky.length > 0
      ? {
          note: "the card did not change, so these flips are flakiness or a change shipped without a new card; each still counts as fixed or new",
        }
      : {}),
  };
}
