import type { FlawExpectation } from "./expectations.js";

/** Flaw expectations for check batch B (see expectations.ts). */
export const batchB: FlawExpectation[] = [];
