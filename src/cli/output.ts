import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileReporters, renderConsole, renderJson, renderSummary, styleFor } from "../report/index.js";
import type { RunResult } from "../model/result.js";
import { exitCodes } from "./exit-codes.js";
import { parseReportFormats, type CommonFlags } from "./options.js";

/** The exit code for several results: the most severe status wins. */
export function exitCodeFor(results: readonly RunResult[]): number {
  if (results.some((r) => r.status === "error")) return exitCodes.error;
  if (results.some((r) => r.status === "failed")) return exitCodes.failed;
  return exitCodes.passed;
}

/** Prints results (console, or JSON only with --json) and writes --report files into --out-dir. */
export async function emitResults(results: readonly RunResult[], flags: CommonFlags): Promise<void> {
  const formats = parseReportFormats(flags.report, Object.keys(fileReporters));
  if (flags.json) {
    process.stdout.write(renderJson(results));
  } else {
    const st = flags.color === false ? styleFor({}, { NO_COLOR: "1" }) : styleFor(process.stdout);
    process.stdout.write(results.map((r) => renderConsole(r, st)).join("\n"));
    if (results.length > 1) process.stdout.write(`\n${renderSummary(results, st)}`);
  }
  if (formats.length === 0) return;
  const dir = flags.outDir ?? "reports";
  await mkdir(dir, { recursive: true });
  for (const name of formats) {
    const reporter = fileReporters[name];
    if (!reporter) continue;
    const path = join(dir, reporter.fileName);
    // The conformance procedure: results are never lost to a report error. stdout is already written; the other reports still are.
    try {
      await writeFile(path, reporter.render(results));
      process.stderr.write(`wrote ${path}\n`);
    } catch (error) {
      process.stderr.write(
        `plainwright: the ${name} report failed and was not written to ${path}: ${String(error)}\n`,
      );
    }
  }
}
