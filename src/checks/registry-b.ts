import type { CheckDefinition } from "./types.js";

/** Checks of batch B, in report order (concatenated by index.ts). */
export const batchBChecks: readonly CheckDefinition[] = [];
