import type { FlawExpectation } from "./expectations.js";

/** Flaw expectations for check batch C (see expectations.ts). */
export const batchC: FlawExpectation[] = [];
