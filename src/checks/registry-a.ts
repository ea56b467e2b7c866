import type { CheckDefinition } from "./types.js";

/** Checks of batch A, in report order (concatenated by index.ts). */
export const batchAChecks: readonly CheckDefinition[] = [];
