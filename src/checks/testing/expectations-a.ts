import type { FlawExpectation } from "./expectations.js";

/** Flaw expectations for check batch A (see expectations.ts). */
export const batchA: FlawExpectation[] = [];
