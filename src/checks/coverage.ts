import { MUTATIONS } from "../mutation/index.js";
import type { Mutation } from "../mutation/types.js";
import type { Transport } from "../model/transport.js";
import { tckRequirements } from "./tck-coverage.js";
import { type CoverageStatus, type TckRequirement } from "./tck/requirement.js";
import type { CheckDefinition } from "./types.js";

/** One row of the coverage table: a TCK requirement, the checks that cover it and where they run. */
export interface CoverageRow extends Omit<TckRequirement, "bindings"> {
  /** Bindings the requirement is about: one for a binding's own requirement, else all. */
  bindings: readonly Transport[] | "all";
  checks: string[];
}

const allBindings: readonly Transport[] = ["JSONRPC", "HTTP+JSON", "GRPC"];

/** The binding a TCK id is about, from its prefix (JSONRPC-, HTTP_JSON-, GRPC-); all otherwise. */
function bindingsOf(id: string): readonly Transport[] | "all" {
  if (id.startsWith("JSONRPC-")) return ["JSONRPC"];
  if (id.startsWith("HTTP_JSON-")) return ["HTTP+JSON"];
  if (id.startsWith("GRPC-")) return ["GRPC"];
  return "all";
}

/** The bindings a check runs on: a check of the agent as a whole judges it whatever the binding. */
const runsOn = (check: CheckDefinition): readonly Transport[] =>
  check.scope === "agent" ? allBindings : (check.bindings ?? allBindings);

/** The mutations of the proxy (src/mutation) whose deviation this check owns, in any generation. */
const mutationsOf = (check: CheckDefinition, mutations: readonly Mutation[]) =>
  mutations.filter((m) =>
    (typeof m.check === "string" ? [m.check] : Object.values(m.check)).includes(check.id),
  );

/**
 * The bindings over which a violation of the requirement `id` was shown to fail the check: a
 * reference-agent flaw (its `selfTest`) or a mutation played through the proxy, each naming the ids it
 * breaks (`violates`). The flaw table and src/mutation/mutations.test.ts prove each over its bindings.
 */
function shownOver(check: CheckDefinition, id: string, mutations: readonly Mutation[]): readonly Transport[] {
  const byFlaw = (check.selfTest ?? [])
    .filter((s) => s.violates?.includes(id))
    .flatMap((s) => (check.scope === "agent" ? allBindings : (s.bindings ?? runsOn(check))));
  const byMutation = mutationsOf(check, mutations)
    .filter((m) => m.violates?.includes(id))
    .flatMap((m) => (check.scope === "agent" ? allBindings : (m.bindings ?? [])));
  const shown = [...byFlaw, ...byMutation];
  return allBindings.filter((b) => shown.includes(b));
}

/**
 * A requirement counts as covered only with evidence: a violation of that very requirement that makes
 * one of its checks fail over every binding the requirement is judged on. Claimed coverage without it
 * is partial, saying where the evidence is missing.
 */
function withEvidence(
  r: TckRequirement,
  checks: readonly CheckDefinition[],
  mutations: readonly Mutation[],
): CoverageRow {
  const bindings = r.bindings ?? bindingsOf(r.id);
  const row = { ...r, bindings, checks: checks.map((c) => c.id) };
  if (r.status !== "covered") return row;
  const judgedOn = checks.flatMap(runsOn);
  const needed = (bindings === "all" ? allBindings : bindings).filter((b) => judgedOn.includes(b));
  const shown = checks.flatMap((c) => shownOver(c, r.id, mutations));
  const missing = needed.filter((b) => !shown.includes(b));
  if (missing.length === 0 && needed.length > 0) return row;
  const over = allBindings.filter((b) => shown.includes(b));
  const evidence =
    over.length === 0
      ? "no flaw or mutation yet violates it and fails its checks"
      : `no flaw or mutation yet shows a violation of it failing its checks over ${missing.join(", ")} (shown over ${over.join(", ")})`;
  return { ...row, status: "partial", note: r.note ? `${evidence}; ${r.note}` : evidence };
}

/**
 * The coverage table: every TCK requirement with the catalogue's checks that name it, judged by the
 * evidence of the flaws and the proxy's mutations.
 */
export function coverageRows(
  catalogue: readonly CheckDefinition[],
  mutations: readonly Mutation[] = MUTATIONS,
): CoverageRow[] {
  return tckRequirements.map((r) =>
    withEvidence(
      r,
      catalogue.filter((c) => c.tck?.includes(r.id)),
      mutations,
    ),
  );
}

export type CoverageCounts = Record<CoverageStatus, number> & { total: number; must: number };

/** How many of the requirements the TCK has tests for are covered, in part, not applicable or not covered. */
export function coverageCounts(rows: readonly CoverageRow[]): CoverageCounts {
  const tested = rows.filter((r) => r.tested);
  const count = (status: CoverageStatus) => tested.filter((r) => r.status === status).length;
  return {
    total: tested.length,
    must: tested.filter((r) => r.level === "MUST").length,
    covered: count("covered"),
    partial: count("partial"),
    "not-applicable": count("not-applicable"),
    "not-covered": count("not-covered"),
  };
}

/** The coverage sentence of the README and the table's heading. */
export function coverageSentence(counts: CoverageCounts): string {
  return (
    `Of the ${counts.total} requirement ids the official TCK (a2aproject/a2a-tck, 1.0-dev) has tests for, ` +
    `the catalogue covers ${counts.covered} fully (a violation shown to fail its check over every binding) and ${counts.partial} in part; ` +
    `${counts["not-applicable"]} ${are(counts["not-applicable"])} not applicable to a server test and ${counts["not-covered"]} ${are(counts["not-covered"])} not covered yet.`
  );
}

const are = (n: number): string => (n === 1 ? "is" : "are");

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function rowLine(r: CoverageRow): string {
  const bindings = r.bindings === "all" ? allBindings.join(", ") : r.bindings.join(", ");
  const checks = r.checks.map((c) => `\`${c}\``).join(", ") || "—";
  return `| ${r.id} | ${r.level} | ${bindings} | ${cell(r.title)} | ${checks} | ${r.status} | ${cell(r.note ?? "")} |`;
}

/** docs/coverage.md: the table generated from the catalogue (src/checks/coverage.test.ts keeps it current). */
export function renderCoverageMarkdown(catalogue: readonly CheckDefinition[]): string {
  const rows = coverageRows(catalogue);
  const head =
    "| TCK id | TCK level | bindings | requirement | Plainwright checks | status | note |\n| --- | --- | --- | --- | --- | --- | --- |";
  const table = (list: readonly CoverageRow[]) => [head, ...list.map(rowLine)].join("\n");
  return [
    "# Coverage of the official TCK's requirements",
    "",
    "Generated from the check catalogue (`src/checks/tck/` and each check's `tck` ids); regenerate with",
    "`PLAINWRIGHT_WRITE_COVERAGE=1 npx vitest run src/checks/coverage.test.ts`. The TCK is a2aproject/a2a-tck, branch",
    "`1.0-dev`; its levels are shown as it files them. Plainwright judges by the current spec (1.0.1 for A2A 1.0, 0.3.0",
    "for 0.x): where the TCK follows an older copy, the check follows the spec and says so.",
    "",
    "A requirement is covered only with evidence: a violation of that requirement must fail one of its checks over every",
    "binding the requirement is judged on; each flaw and mutation names the requirement ids it breaks (`violates`), and a",
    "check's other ids get no credit from it. A violation is a reference-agent flaw (a check's `selfTest`, run by",
    "`src/runner/run-conformance-flaws-*.test.ts`, which assert the flaw fails the check over each binding it names) or a",
    "mutation of the proxy in `src/mutation` (played in front of both reference agent generations by",
    "`src/mutation/mutations.test.ts`, and in front of every lab agent by `npm run lab`). Where the checks exist but",
    "that evidence is missing on some binding, the requirement is partial and the note says over which bindings.",
    "",
    coverageSentence(coverageCounts(rows)),
    "",
    "## Requirements the TCK tests",
    "",
    table(rows.filter((r) => r.tested)),
    "",
    "## Requirements in the TCK's modules without a TCK test",
    "",
    table(rows.filter((r) => !r.tested)),
    "",
  ].join("\n");
}

/** `plainwright conform --coverage`: the table as plain text, one requirement a line. */
export function renderCoverageText(catalogue: readonly CheckDefinition[]): string {
  const rows = coverageRows(catalogue);
  const lines = rows.map(
    (r) =>
      `${r.id.padEnd(24)} ${r.level.padEnd(6)} ${r.status.padEnd(14)} ${r.checks.join(", ") || "-"}${r.tested ? "" : " (no TCK test)"}${r.note ? `\n${" ".repeat(32)}${r.note}` : ""}`,
  );
  return `${coverageSentence(coverageCounts(rows))}\n${lines.join("\n")}\n`;
}

/** The README's coverage line: the sentence and where the table is. */
export function readmeCoverageLine(catalogue: readonly CheckDefinition[]): string {
  const sentence = coverageSentence(coverageCounts(coverageRows(catalogue)));
  return `${sentence} The table: [docs/coverage.md](docs/coverage.md), or \`plainwright conform --coverage\`.`;
}
