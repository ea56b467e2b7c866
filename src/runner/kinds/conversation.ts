import { z } from "zod";
import { resolveModelConfig, type ModelConfig } from "../../llm/model-config.js";
import { LlmError } from "../../llm/types.js";
import { fraction, text, wholeNumber } from "./config-parts.js";
import { defineRunKind, type RunRequest } from "./define.js";

/** Conversation limits: max_turns 1–50, trials 1–100 (docs/test-files.md leaves them open; these keep runs bounded). */
export const conversationBounds = {
  maxTurns: { min: 1, max: 50 },
  trials: { min: 1, max: 100 },
} as const;

/** A conversation's own keys (docs/test-files.md, "Conversation over A2A"). */
export const conversationOptions = z.object({
  persona: text,
  goal: text,
  success_criteria: z
    .array(z.string({ error: "must be a string" }).trim().min(1, "must not be empty"), {
      error: "must be a list of strings",
    })
    .min(1, "must list at least one criterion")
    .optional(),
  opening_message: text,
  max_turns: wholeNumber(conversationBounds.maxTurns),
  threshold: fraction,
  trials: wholeNumber(conversationBounds.trials),
  min_pass_rate: fraction,
});

export type ConversationOptions = z.infer<typeof conversationOptions>;

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
export const conversationKind = defineRunKind({
  kind: "conversation",
  result: "conversation",
  title: "hold a conversation with a simulated user and grade it with a judge",
  options: conversationOptions,
  reach: (request) => (request.targetOnly ? "target" : "judged"),
  prepare(run, request) {
    const { config } = request;
    if (!config.success_criteria?.length && config.goal === undefined)
      return { problem: "a conversation needs success_criteria or a goal for the judge to grade" };
    try {
      const models = resolveModels(request);
      for (const m of [models.user, models.judge]) if (m.apiKey) run.addSecret(m.apiKey);
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
