import type { CheckDefinition } from "./types.js";

/** Checks of batch C, in report order (concatenated by index.ts). */
export const batchCChecks: readonly CheckDefinition[] = [];
