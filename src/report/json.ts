import type { RunResult } from "../model/result.js";

/** The result JSON (docs/result-format.md): one object for one run, an array for several. */
export function renderJson(results: readonly RunResult[]): string {
  return `${escapeInvisible(JSON.stringify(results.length === 1 ? results[0] : results, null, 2))}\n`;
}

/**
 * JSON.stringify escapes C0 controls but leaves C1 controls (U+0080–U+009F) and the bidirectional
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069) raw: an agent's text could reorder or hide what a
 * terminal or editor shows. They can only occur inside strings, where \uXXXX means the same character.
 */
export function escapeInvisible(json: string): string {
  return json.replace(
    /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
