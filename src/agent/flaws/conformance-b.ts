import type { FlawDefinition } from "../types.js";

/** Protocol flaws that fail conformance checks of batch B. */
export const CONFORMANCE_B_FLAWS: FlawDefinition[] = [];
