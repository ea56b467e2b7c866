import { loadRequestOf, resolveLoadSettings } from "../../load/settings.js";
import { parseThresholds, type Threshold } from "../../load/thresholds.js";
import type { LoadSettings } from "../../model/load.js";
import { confirmOptionOf, confirmTargetsProblem, retentionFor } from "../load-rules.js";
import { usageError } from "../errors.js";
import { defineRunKind } from "./define.js";
import type { LoadOptions } from "./options.js";

/** What the load engine is given once the settings are read. */
export interface LoadPlan {
  settings: LoadSettings;
  thresholds: readonly Threshold[];
}

/**
 * Load and soak (docs/load.md): the confirm-target rule before any request, the card and endpoint
 * through the one connect path, then concurrent sends or streams through the client every other kind
 * uses; the thresholds decide.
 */
export const loadKind = defineRunKind<LoadOptions, LoadPlan>({
  kind: "load",
  result: "load",
  title: "load and soak: concurrent sends or streams; latency percentiles, errors, throughput",
  reach: "judged",
  strictCard: false,
  // Nothing measured is no verdict on the agent: a run that cannot load anything is an error.
  stopsAs: "error",
  admit(request) {
    const problem = confirmTargetsProblem(request.config, confirmOptionOf(request));
    if (problem) throw usageError(problem);
  },
  retention: (request) => retentionFor(request.config.load?.concurrency),
  prepare(_run, request): LoadPlan | { problem: string } {
    const load = request.config.load ?? {};
    try {
      return {
        settings: resolveLoadSettings(loadRequestOf(load), request.config.timeout_s * 1000),
        thresholds: parseThresholds(load.thresholds ?? []),
      };
    } catch (error) {
      return { problem: `config.load: ${(error as Error).message}` };
    }
  },
  async execute(run, reached, request, plan: LoadPlan) {
    const { loadAgent } = await import("../run-load.js");
    return loadAgent(run, reached, request, plan);
  },
});
