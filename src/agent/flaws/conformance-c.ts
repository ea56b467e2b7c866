import type { FlawDefinition } from "../types.js";

/** Protocol flaws that fail conformance checks of batch C. */
export const CONFORMANCE_C_FLAWS: FlawDefinition[] = [];
