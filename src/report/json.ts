import type { RunResult } from "../model/result.js";

/** The result JSON (docs/result-format.md): one object for one run, an array for several. */
export function renderJson(results: readonly RunResult[]): string {
  return `${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`;
}
