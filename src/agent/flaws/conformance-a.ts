import type { FlawDefinition } from "../types.js";

/** Protocol flaws that fail conformance checks of batch A. */
export const CONFORMANCE_A_FLAWS: FlawDefinition[] = [];
