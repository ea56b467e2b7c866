import { defineRunKind } from "./define.js";
import type { ConformanceConfig } from "./options.js";

/** The conformance suite (docs/conformance.md) on every binding the card advertises. */
export const conformanceKind = defineRunKind<ConformanceConfig>({
  kind: "conformance",
  result: "conformance",
  title: "run the conformance suite on every binding the card advertises",
  reach: "judged",
  // The card is judged by the card checks, whatever strict_card says.
  strictCard: true,
  prepare(run) {
    // Every conformance result lists its findings, none when the run stopped before the checks.
    run.result.findings = [];
    return undefined;
  },
  noCard(result) {
    result.findings = [];
    result.scores = { card: 0, conformance: 0 };
    result.conformance_level = "non-conformant";
  },
  async execute(run, reached, request) {
    const { runSuite } = await import("../run-conformance.js");
    return runSuite(run, reached, request);
  },
});
