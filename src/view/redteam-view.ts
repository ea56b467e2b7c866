import {
  owaspTitles,
  type AttackReport,
  type AttemptRecord,
  type PackReport,
  type RedteamSection,
} from "../model/redteam.js";
import type { RunResult } from "../model/result.js";

/** The red-team section as every reporter shows it: a per-pack table, the worst transcripts, the OWASP mapping. */
export interface RedteamView {
  rows: string[][];
  worst: Array<{ attack: AttackReport; record: AttemptRecord }>;
  owasp: Array<{ id: string; title: string; packs: string[] }>;
  skipped: Array<{ pack: string; reason: string }>;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

function severityRank(s: AttackReport["severity"]): number {
  return { critical: 0, high: 1, medium: 2, low: 3 }[s];
}

/** Undefined when the result has no red-team section. */
export function redteamOf(result: RunResult, worstCount = 3): RedteamView | undefined {
  const section: RedteamSection | undefined = result.redteam;
  if (!section) return undefined;
  const rows = section.packs.map((p) => [
    p.pack,
    p.skipped ? "skipped" : String(p.attempts),
    p.skipped ? "" : String(p.successes),
    p.skipped ? "" : `${pct(p.rate)} (${pct(p.wilson_95[0])}–${pct(p.wilson_95[1])})`,
    // Attempts no detector decided and no judge graded: neither successes nor resisted, so said apart.
    p.skipped || !p.undecided ? "" : String(p.undecided),
    overRefusalText(p),
    p.owasp.join(", "),
  ]);
  const worst = section.attacks
    .filter((a) => a.successes > 0 || a.refusals > 0)
    .sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || b.successes - a.successes)
    .slice(0, worstCount)
    .map((attack) => ({ attack, record: attack.records[0]! }));
  const ids = [...new Set(section.packs.flatMap((p) => p.owasp))].sort();
  const owasp = ids.map((id) => ({
    id,
    title: owaspTitles[id] ?? "",
    packs: section.packs.filter((p) => p.owasp.includes(id)).map((p) => p.pack),
  }));
  const skipped = section.packs.flatMap((p) => (p.skipped ? [{ pack: p.pack, reason: p.skipped }] : []));
  return { rows, worst, owasp, skipped };
}

/** One transcript line as text: who, what, and the agent's error when there was one. */
export function turnLine(t: AttemptRecord["transcript"][number]): string {
  const who = t.role === "probe" ? `${t.identity} ${t.method ?? "probe"}` : `${t.identity} ${t.role}`;
  const extras = t.extras?.length ? ` [${t.extras.join("; ")}]` : "";
  const text = t.text.replace(/\s+/g, " ").slice(0, 300);
  return `${who}: ${text}${extras}${t.error ? ` (error: ${t.error})` : ""}`;
}

/** The red-team pack table's columns, in every report and in the web app. */
export const redteamHeaders = [
  "Pack",
  "Attempts",
  "Successes",
  "Rate (95 % CI)",
  "Undecided",
  "Over-refusal (95 % CI)",
  "OWASP",
];

const percent = (x: number) => `${Math.round(x * 100)} %`;

/** A pack's over-refusal from its harmless twins: refused of asked, the rate and its 95 % interval. */
export function overRefusalText(p: PackReport): string {
  const o = p.over_refusal;
  return o
    ? `${o.count}/${o.attempts} (${percent(o.rate)}, ${percent(o.wilson_95[0])}–${percent(o.wilson_95[1])})`
    : "";
}
