import { modelKeyName, modelSpecFor, resolveModelConfig, type ModelConfig } from "../../llm/model-config.js";
import { LlmError } from "../../llm/types.js";
import { defineRunKind, type RunRequest } from "./define.js";
import type { RedteamOptions } from "./options.js";

/** The models of a red-team run, each only when configured: the attacker is the "user" role. */
export interface RedteamModels {
  judge?: ModelConfig;
  attacker?: ModelConfig;
}

function roleModel(request: RunRequest, role: "user" | "judge"): ModelConfig | undefined {
  const env = request.env ?? process.env;
  if (modelSpecFor(role, request.models ?? {}, env) === undefined) return undefined;
  return resolveModelConfig(role, request.models ?? {}, env, request.secretValues);
}

/**
 * Red teaming (docs/test-files.md, "Red teaming"): the target's card only finds the endpoint; every
 * identity gets its own client on it; the chosen packs run their attacks; deterministic detectors
 * decide, the judge grades the rest.
 */
export const redteamKind = defineRunKind<RedteamOptions, RedteamModels>({
  kind: "redteam",
  result: "redteam",
  title: "attack an agent with the red-team packs",
  reach: "target",
  prepare(run, request) {
    for (const [i, canary] of (request.config.canaries ?? []).entries())
      run.addSecret(canary, `canaries[${i}]`);
    try {
      const judge = roleModel(request, "judge");
      const attacker = roleModel(request, "user");
      for (const m of [judge, attacker]) if (m?.apiKey) run.addSecret(m.apiKey, modelKeyName(m));
      if (!judge)
        run.result.warnings.push("no model configured: packs and attacks that need the judge are skipped");
      return { ...(judge ? { judge } : {}), ...(attacker ? { attacker } : {}) };
    } catch (error) {
      if (error instanceof LlmError) return { problem: error.message };
      throw error;
    }
  },
  async execute(run, reached, request, models: RedteamModels) {
    const { attack } = await import("../run-redteam-test.js");
    return attack(run, reached, request, models);
  },
});
