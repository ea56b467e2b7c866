import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compareWithBaseline, matchingBaseline } from "../model/baseline.js";
import type { RunResult } from "../model/result.js";
import { usageError } from "../runner/errors.js";
import { lastPointer, resultsFileName } from "./report-folders.js";

/** --fail-on: `any` failure fails the command (the default), or only `new` ones (adopting on an agent not yet conformant). */
export type FailOn = "any" | "new";

/** The earlier results --baseline names, read and checked before the run. */
export interface EarlierResults {
  /** As given: a path, or `last`. */
  source: string;
  path: string;
  results: RunResult[];
}

export function parseFailOn(raw: string | undefined): FailOn {
  if (raw === undefined || raw === "any") return "any";
  if (raw === "new") return "new";
  throw usageError(`--fail-on ${raw}: expected new or any`);
}

/**
 * Reads --baseline: a results JSON (a result or a list, as --json and --report json write), or `last`,
 * the newest run folder's under the output folder. Read before the run starts, so a wrong file costs no
 * traffic and this run's own folder never becomes its baseline.
 */
export function readBaseline(source: string, outDir: string): EarlierResults {
  const path = source === "last" ? join(outDir, lastPointer, resultsFileName) : source;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw usageError(
      source === "last"
        ? `--baseline last: no earlier run in ${join(outDir, lastPointer)} (runs are kept there when written with --report)`
        : `--baseline ${source}: cannot read the file`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw usageError(
      `--baseline ${source}: not JSON (expected a results file written by --json or --report json)`,
    );
  }
  const results = (Array.isArray(parsed) ? parsed : [parsed]) as RunResult[];
  if (
    results.length === 0 ||
    !results.every((r) => r?.tool?.name === "plainwright" && Array.isArray(r.traffic))
  )
    throw usageError(`--baseline ${source}: not a Plainwright results file (no tool.name "plainwright")`);
  return { source, path, results };
}

/** Each result with its comparison; a result the baseline has no run of is said in its notes. */
export function withBaselines(results: readonly RunResult[], earlier: EarlierResults): RunResult[] {
  return results.map((result) => {
    const before = matchingBaseline(result, earlier.results);
    if (!before)
      return {
        ...result,
        warnings: [
          ...result.warnings,
          `--baseline ${earlier.source}: no earlier result of this test there, so every failure counts as new`,
        ],
      };
    return { ...result, baseline: compareWithBaseline(result, before, earlier.source) };
  });
}
