import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { RunResult } from "../model/result.js";
import { usageError } from "../runner/errors.js";
import type { LoadedTest } from "../runner/test-definition.js";

/** Where `run` keeps what failed last time, beside the reports (as Playwright keeps .last-run.json). */
export function lastRunFile(outDir: string): string {
  return join(outDir, ".last-run.json");
}

const keyOf = (source: string | undefined, name: string | undefined) => `${source ?? ""}\u0000${name ?? ""}`;

/** Records which tests of this run did not pass, for `run --last-failed`. */
export async function recordLastRun(outDir: string, results: readonly RunResult[]): Promise<void> {
  const failed = results
    .filter((r) => r.status !== "passed")
    .map((r) => ({ source: r.source ?? "", name: r.name ?? "" }));
  await mkdir(outDir, { recursive: true });
  await writeFile(lastRunFile(outDir), `${JSON.stringify({ failed }, null, 2)}\n`);
}

/** The tests that failed last time, out of `tests`; a usage error when no run was recorded. */
export async function lastFailed(outDir: string, tests: readonly LoadedTest[]): Promise<LoadedTest[]> {
  const file = lastRunFile(outDir);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw usageError(`--last-failed: no earlier run is recorded in ${file} (run the tests once first)`);
  }
  let failed: Array<{ source?: string; name?: string }>;
  try {
    failed = (JSON.parse(text) as { failed?: Array<{ source?: string; name?: string }> }).failed ?? [];
  } catch {
    throw usageError(`--last-failed: ${file} is not a record Plainwright wrote (not JSON)`);
  }
  const wanted = new Set(failed.map((f) => keyOf(f.source, f.name)));
  return tests.filter((t) => wanted.has(keyOf(t.source, t.definition.name)));
}
