/**
 * For a typed config file: `export default defineConfig({ ... })` in plainwright.config.ts or .mjs
 * (docs/config.md). Kept apart from the library entry so that reading a config loads nothing else.
 */
import type { PlainwrightConfig } from "./cli/config-file.js";

export type { PlainwrightConfig };

/** Returns the config as given: it exists for the types an editor checks the file against. */
export function defineConfig(config: PlainwrightConfig): PlainwrightConfig {
  return config;
}
