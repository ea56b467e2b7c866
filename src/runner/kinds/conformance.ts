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
  async noCard(result, missing, request) {
    // 1.0.1 §8.1: a server MUST make its card available; the card check that owns it says so as a finding.
    const { missingCardFindings } = await import("../run-conformance.js");
    result.findings = missingCardFindings(missing, request);
    result.scores = { card: 0, conformance: 0 };
    result.conformance_level = "non-conformant";
  },
  async execute(run, reached, request) {
    const { runSuite } = await import("../run-conformance.js");
    return runSuite(run, reached, request);
  },
});
