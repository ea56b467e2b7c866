import { z } from "zod";
import { modelSpecFor, resolveModelConfig, type ModelConfig } from "../../llm/model-config.js";
import { LlmError } from "../../llm/types.js";
import { redteamPacks } from "../../model/redteam.js";
import { identitiesSchema, wholeNumber } from "./config-parts.js";
import { defineRunKind, type RunRequest } from "./define.js";

/** A red-team test's own keys: which packs, attempts per attack, canaries to detect, other identities. */
export const redteamOptions = z.object({
  packs: z
    .array(z.enum(redteamPacks, { error: `must list known packs (${redteamPacks.join(", ")})` }))
    .min(1, "must list at least one pack")
    .optional(),
  attempts: wholeNumber({ min: 1, max: 100 }),
  canaries: z
    .array(z.string().min(3, "must be at least 3 characters"), { error: "must be a list of strings" })
    .optional(),
  identities: identitiesSchema,
});

export type RedteamOptions = z.infer<typeof redteamOptions>;

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
export const redteamKind = defineRunKind({
  kind: "redteam",
  result: "redteam",
  title: "attack an agent with the red-team packs",
  options: redteamOptions,
  reach: "target",
  prepare(run, request) {
    for (const canary of request.config.canaries ?? []) run.addSecret(canary);
    try {
      const judge = roleModel(request, "judge");
      const attacker = roleModel(request, "user");
      for (const m of [judge, attacker]) if (m?.apiKey) run.addSecret(m.apiKey);
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
