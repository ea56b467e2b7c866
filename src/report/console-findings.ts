import { interruptedBeforeVerdict, isProblem, shownStatus, type Finding } from "../model/finding.js";
import type { RunResult } from "../model/result.js";
import { skipLines } from "./console-skips.js";
import type { Style } from "./style.js";
import { bracketedPlace } from "../model/finding.js";

const count = (findings: readonly Finding[], status: Finding["status"]) =>
  findings.filter((f) => shownStatus(f) === status).length;

/** The conformance block of the console report: level, per-category counts, each failure with its fix. */
export function findingsLines(result: RunResult, st: Style): string[] {
  const findings = result.findings ?? [];
  if (findings.length === 0 && !result.conformance_level) return [];
  // An interrupted run computes no level (run-conformance.ts): it says so rather than guess.
  const interrupted = findings.some((f) => interruptedBeforeVerdict(f.message));
  const level = result.conformance_level ?? (interrupted ? "incomplete (interrupted)" : "?");
  const levelText =
    level === "full" ? st.green(level) : level === "non-conformant" ? st.red(level) : st.yellow(level);
  const lines = [
    st.bold(result.kind === "redteam" ? "Attacks" : "Conformance"),
    `  ${result.kind === "redteam" ? "" : `level ${st.bold(levelText)} · score ${result.scores.conformance ?? "?"} · `}${count(findings, "pass")} passed, ${count(findings, "fail")} failed, ${count(findings, "error")} errors, ${count(findings, "skip")} skipped`,
  ];
  lines.push(...skipLines(findings, st));
  const categories = [...new Set(findings.map((f) => f.category))];
  for (const category of categories) {
    const inCategory = findings.filter((f) => f.category === category);
    const broken = count(inCategory, "fail") + count(inCategory, "error");
    // A category where nothing ran proves nothing: a dash, not a tick.
    const mark = broken > 0 ? st.red("✗") : count(inCategory, "pass") > 0 ? st.green("✓") : st.dim("–");
    lines.push(
      `  ${mark} ${category.padEnd(20)} ${count(inCategory, "pass")} passed${broken ? `, ${broken} failed` : ""}${count(inCategory, "skip") ? st.dim(`, ${count(inCategory, "skip")} skipped`) : ""}`,
    );
  }
  const notes = findings.filter((f) => f.not_supported);
  if (notes.length > 0) {
    lines.push("", st.bold("  Notes"));
    for (const f of notes)
      lines.push(
        `  ${st.dim("·")} ${st.bold(f.id)}${st.dim(bracketedPlace(f))} ${st.dim(f.level)}  ${f.message}`,
      );
  }
  const failures = findings.filter(isProblem);
  if (failures.length > 0) {
    lines.push("", st.bold("  Failures"));
    for (const f of failures) {
      lines.push(
        `  ${st.red("✗")} ${st.bold(f.id)}${st.dim(bracketedPlace(f))} ${st.dim(f.level)}  ${f.message}`,
      );
      if (f.recommendation) lines.push(`      ${st.cyan("→")} ${f.recommendation}`);
    }
  }
  return lines;
}
