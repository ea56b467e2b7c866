import { statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { renderConsole, renderSummary } from "../report/console.js";
import { fileReporters } from "../report/file-reporters.js";
import { renderJson } from "../report/json.js";
import { styleFor } from "../report/style.js";
import {
  progressDisplay,
  progressModes,
  resolveProgressMode,
  type ProgressDisplay,
  type ProgressMode,
} from "../report/progress-display.js";
import type { RunResult } from "../model/result.js";
import { usageError } from "../runner/errors.js";
import { exitCodes } from "./exit-codes.js";
import { parseReportFormats, type CommonFlags } from "./options.js";
import { defaultKeptRuns, makeRunFolder, pointLastAt, pruneRunFolders } from "./report-folders.js";
import { parseFailOn, readBaseline, withBaselines, type EarlierResults, type FailOn } from "./baseline.js";

/** The output options, checked: what goes to stdout, which report files, and how progress shows. */
export interface OutputSettings {
  json: boolean;
  formats: string[];
  outDir: string;
  /** Run folders kept in outDir, newest first (0: every one). */
  keepReports: number;
  color: boolean;
  progress: ProgressMode;
  /** An OTLP/HTTP collector the runs are exported to as spans. */
  otelEndpoint?: string;
  /** --baseline: the earlier results, read before anything is sent (and before this run replaces `last`). */
  baseline?: EarlierResults;
  /** --fail-on new: a failed run whose failures were all failing in the baseline does not fail the command. */
  failOn: FailOn;
}

type OutputFlags = Pick<
  CommonFlags,
  "json" | "report" | "outDir" | "keepReports" | "color" | "progress" | "otelEndpoint" | "baseline" | "failOn"
> & {
  /** --out-dir was the config file's output_dir, which also holds run state without any --report. */
  outDirFromConfig?: boolean;
};

/**
 * Checks --json, --report, --out-dir, --progress and --no-color before anything is sent: an unknown
 * format, an --out-dir without --report or that is a file, an unknown progress mode are usage errors.
 */
export function outputSettings(
  flags: OutputFlags,
  env: Record<string, string | undefined> = process.env,
  stderr: { isTTY?: boolean } = process.stderr,
): OutputSettings {
  const formats = parseReportFormats(flags.report, Object.keys(fileReporters));
  const readsOutDir = flags.outDirFromConfig === true || flags.baseline === "last";
  if (flags.outDir !== undefined && formats.length === 0 && !readsOutDir)
    throw usageError(
      `--out-dir ${flags.outDir}: only used with --report FORMATS (for example --report html) or --baseline last`,
    );
  const outDir = flags.outDir ?? "reports";
  if (formats.length > 0 && isFile(outDir))
    throw usageError(`--out-dir ${outDir}: exists and is not a folder`);
  const keepReports = parseKeepReports(flags.keepReports);
  const requested = flags.progress ?? (flags.json ? "none" : "auto");
  const mode = progressModes.find((m) => m === requested);
  if (!mode) throw usageError(`--progress ${requested}: expected ${progressModes.join(", ")}`);
  const otelEndpoint = collectorUrl(flags.otelEndpoint, env);
  const failOn = parseFailOn(flags.failOn);
  if (failOn === "new" && flags.baseline === undefined)
    throw usageError("--fail-on new: needs --baseline FILE|last to know which failures are new");
  const baseline = flags.baseline === undefined ? undefined : readBaseline(flags.baseline, outDir);
  return {
    json: flags.json === true,
    failOn,
    ...(baseline ? { baseline } : {}),
    formats,
    outDir,
    keepReports,
    color: flags.color !== false,
    progress: resolveProgressMode(mode, stderr, env),
    ...(otelEndpoint ? { otelEndpoint } : {}),
  };
}

/** --keep-reports: a whole number of run folders, 0 for all; the default when not given. */
function parseKeepReports(raw: string | undefined): number {
  if (raw === undefined) return defaultKeptRuns;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n > 100_000)
    throw usageError(
      `--keep-reports ${raw}: must be a whole number of run folders to keep (0 keeps every one)`,
    );
  return n;
}

/** --otel-endpoint, else OTEL_EXPORTER_OTLP_ENDPOINT; an http(s) URL or a usage error naming where it came from. */
function collectorUrl(flag: string | undefined, env: Record<string, string | undefined>): string | undefined {
  const value = flag ?? (env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || undefined);
  if (value === undefined) return undefined;
  const source = flag !== undefined ? "--otel-endpoint" : "OTEL_EXPORTER_OTLP_ENDPOINT";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError(
      `${source} ${value}: not a URL (expected http(s)://host:port of an OTLP/HTTP collector)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw usageError(`${source} ${value}: expected an http or https URL of an OTLP/HTTP collector`);
  return url.href;
}

/** Exports the runs as spans; a collector that is down is said on stderr and never changes the result. */
async function exportSpans(results: readonly RunResult[], endpoint: string): Promise<void> {
  const { exportRuns } = await import("../runner/otel-export.js");
  const failed = await exportRuns(results, endpoint);
  if (failed) process.stderr.write(`plainwright: the spans were not exported to ${endpoint}: ${failed}\n`);
  else process.stderr.write(`exported the run's spans to ${endpoint}\n`);
}

function isFile(path: string): boolean {
  try {
    return !statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Live progress on stderr in the settings' mode (stdout stays the result's). Close it when the runs end. */
export function progressFor(settings: OutputSettings): ProgressDisplay {
  return progressDisplay({
    mode: settings.progress,
    out: {
      write: (text) => void process.stderr.write(text),
      ...(process.stderr.columns ? { columns: process.stderr.columns } : {}),
    },
  });
}

/**
 * The exit code for several results: the most severe status wins. With --fail-on new, a failed run counts
 * only when it has a new failure (a run with no earlier result to compare with: every failure is new).
 */
export function exitCodeFor(results: readonly RunResult[], failOn: FailOn = "any"): number {
  if (results.some((r) => r.interrupted)) return exitCodes.interrupted;
  if (results.some((r) => r.status === "error")) return exitCodes.error;
  const counts = (r: RunResult) => failOn === "any" || !r.baseline || r.baseline.new_failures.length > 0;
  if (results.some((r) => r.status === "failed" && counts(r))) return exitCodes.failed;
  return exitCodes.passed;
}

/**
 * Prints results (console, or JSON only with --json) and writes --report files into a new run folder of
 * --out-dir; with --baseline, each result first gets its comparison. Returns the results as emitted.
 */
export async function emitResults(
  given: readonly RunResult[],
  settings: OutputSettings,
): Promise<readonly RunResult[]> {
  const results = settings.baseline ? withBaselines(given, settings.baseline) : given;
  if (settings.json) {
    process.stdout.write(renderJson(results));
  } else {
    const st = settings.color ? styleFor(process.stdout) : styleFor({}, { NO_COLOR: "1" });
    process.stdout.write(results.map((r) => renderConsole(r, st)).join("\n"));
    if (results.length > 1) process.stdout.write(`\n${renderSummary(results, st)}`);
  }
  if (settings.otelEndpoint) await exportSpans(results, settings.otelEndpoint);
  if (settings.formats.length === 0) return results;
  // Each run keeps its own folder (and the results JSON, which --baseline last reads); `last` names the newest.
  const folder = await makeRunFolder(settings.outDir);
  const formats = settings.formats.includes("json") ? settings.formats : [...settings.formats, "json"];
  for (const name of formats) {
    const reporter = fileReporters[name];
    if (!reporter) continue;
    const path = join(settings.outDir, folder, reporter.fileName);
    // docs/conformance.md: results are never lost to a report error. stdout is already written; the other reports still are.
    try {
      await writeFile(path, await reporter.render(results));
      if (settings.formats.includes(name)) process.stderr.write(`wrote ${path}\n`);
    } catch (error) {
      process.stderr.write(
        `plainwright: the ${name} report failed and was not written to ${path}: ${String(error)}\n`,
      );
    }
  }
  if (!(await pointLastAt(settings.outDir, folder)))
    process.stderr.write(
      `plainwright: ${join(settings.outDir, "last")} is a folder, so it was left alone and does not name this run\n`,
    );
  // Older runs go once more than --keep-reports are kept; a folder that cannot be removed is said, not fatal.
  await pruneRunFolders(settings.outDir, settings.keepReports, folder).catch((error: unknown) =>
    process.stderr.write(
      `plainwright: older run folders in ${settings.outDir} were not all removed: ${String(error)}\n`,
    ),
  );
  return results;
}
