import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder of Plainwright's own package.json, found by walking up from this module: the same from
 * src/ (under vitest), dist/ (after tsc) and dist/cli/chunks/ (the bundled CLI), however deep each sits.
 */
export function packageRoot(from: string = import.meta.url): string | undefined {
  for (let dir = dirname(fileURLToPath(from)); ; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      try {
        if ((JSON.parse(readFileSync(file, "utf8")) as { name?: unknown }).name === "plainwright") return dir;
      } catch {
        // Not ours, or unreadable: keep looking above.
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}
