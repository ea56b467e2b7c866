import { stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";

/*
 * Finding the config file is all every command pays for on start: its reading and validation
 * (config-file.ts, with the schema library) load only when a file is there.
 */

/** The names a config file may have, in the order they are looked for in each folder (docs/config.md). */
export const configFileNames = [
  "plainwright.config.json",
  "plainwright.config.mjs",
  "plainwright.config.ts",
] as const;

export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The config file in `dir` or the nearest folder above it, if any. */
export async function findConfigFile(dir: string): Promise<string | undefined> {
  for (let at = resolve(dir); ; at = dirname(at)) {
    for (const name of configFileNames) {
      const candidate = join(at, name);
      if (await isFile(candidate)) return candidate;
    }
    if (dirname(at) === at) return undefined;
  }
}
