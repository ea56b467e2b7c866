import { modelKeyName, resolveModelConfig, type ModelConfig } from "../../llm/model-config.js";
import { LlmError } from "../../llm/types.js";
import { defineRunKind, type RunRequest } from "./define.js";
import type { ConversationOptions } from "./options.js";

/** Whether a config asks for a conversation (docs/test-files.md: any of persona, goal or success_criteria). */
export function isConversation(config: {
  persona?: unknown;
  goal?: unknown;
  success_criteria?: unknown;
}): boolean {
  return config.persona !== undefined || config.goal !== undefined || config.success_criteria !== undefined;
}

/** The two models a conversation uses: the simulated user's and the judge's. */
export interface ConversationModels {
  user: ModelConfig;
  judge: ModelConfig;
}

function resolveModels(request: RunRequest): ConversationModels {
  const env = request.env ?? process.env;
  return {
    user: resolveModelConfig("user", request.models ?? {}, env, request.secretValues),
    judge: resolveModelConfig("judge", request.models ?? {}, env, request.secretValues),
  };
}

/**
 * A conversation (docs/test-files.md, "Conversation over A2A"): the card judged as for any A2A test (or
 * only used to find the endpoint of a target), then a simulated user talks to the endpoint and the judge
 * grades each transcript. With strict_card, a card error fails the run even when the conversation passed.
 */
export const conversationKind = defineRunKind<ConversationOptions, ConversationModels>({
  kind: "conversation",
  result: "conversation",
  title: "hold a conversation with a simulated user and grade it with a judge",
  reach: (request) => (request.targetOnly ? "target" : "judged"),
  prepare(run, request) {
    const { config } = request;
    if (!config.success_criteria?.length && config.goal === undefined)
      return { problem: "a conversation needs success_criteria or a goal for the judge to grade" };
    try {
      const models = resolveModels(request);
      for (const m of [models.user, models.judge]) if (m.apiKey) run.addSecret(m.apiKey, modelKeyName(m));
      return models;
    } catch (error) {
      if (error instanceof LlmError) return { problem: error.message };
      throw error;
    }
  },
  async execute(run, reached, request, models: ConversationModels) {
    // Loaded on demand: the model SDKs are only needed by conversations.
    const { converse } = await import("../run-conversation-test.js");
    return converse(run, reached, request, models);
  },
});
