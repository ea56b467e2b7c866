import type { LanguageModelClient } from "../llm/types.js";
import { criteriaOf } from "../conversation/judge.js";
import { runConversation, type ConversationOutcome } from "../conversation/run-conversation.js";
import { conversationDefaults, type ConversationSpec } from "../conversation/types.js";
import { createModelClient } from "../llm/ai-sdk-client.js";
import type { ModelConfig } from "../llm/model-config.js";
import { costOf } from "../llm/pricing.js";
import { addUsage, type TokenUsage } from "../llm/types.js";
import type { TrafficLog } from "../net/traffic.js";
import type { RunEventSink } from "../model/events.js";
import type { ModelUsage, RunResult, UsageSection } from "../model/result.js";
import type { TransportTarget } from "./connect.js";
import type { ConversationModels } from "./kinds/conversation.js";
import type { ConversationOptions } from "./kinds/options.js";
import type { RunRequest } from "./kinds/define.js";
import { guardModelUrl } from "./model-guard.js";
import { chooseEndpoint, openRunEndpoint, type Reached } from "./reach.js";
import type { Run } from "./run.js";

/** What a conversation run is given: a run request with the conversation's keys in its config. */
export type ConversationRunOptions = RunRequest<ConversationOptions>;

/** The test's conversation settings with Plainwright's defaults filled in. */
export function conversationSpec(config: ConversationOptions): ConversationSpec {
  return {
    ...(config.persona !== undefined ? { persona: config.persona } : {}),
    ...(config.goal !== undefined ? { goal: config.goal } : {}),
    criteria: config.success_criteria ?? [],
    ...(config.opening_message !== undefined ? { opening: config.opening_message } : {}),
    maxTurns: config.max_turns ?? conversationDefaults.maxTurns,
    ...(config.threshold !== undefined ? { threshold: config.threshold } : {}),
    trials: config.trials ?? conversationDefaults.trials,
    minPassRate: config.min_pass_rate ?? conversationDefaults.minPassRate,
  };
}

function modelUsage(config: ModelConfig, usage: TokenUsage): ModelUsage {
  const cost = costOf(config.provider, config.model, usage);
  return {
    model: `${config.provider}:${config.model}`,
    ...usage,
    ...(cost !== undefined ? { cost_usd: cost } : {}),
  };
}

/** Tokens per role over every trial, and the cost when both prices are known. */
export function usageSection(
  outcome: ConversationOutcome,
  user: ModelConfig,
  judge: ModelConfig,
): UsageSection {
  const sum = (role: "user" | "judge") =>
    outcome.trials.reduce<TokenUsage>((acc, t) => addUsage(acc, t.usage[role]), {
      input_tokens: 0,
      output_tokens: 0,
    });
  const u = modelUsage(user, sum("user"));
  const j = modelUsage(judge, sum("judge"));
  const cost = u.cost_usd !== undefined && j.cost_usd !== undefined ? u.cost_usd + j.cost_usd : undefined;
  return {
    user: u,
    judge: j,
    total: {
      input_tokens: u.input_tokens + j.input_tokens,
      output_tokens: u.output_tokens + j.output_tokens,
      ...(cost !== undefined ? { cost_usd: cost } : {}),
    },
  };
}

/** Runs one conversation test through the one Run (kinds/conversation.ts). */
export async function runConversationTest(opts: ConversationRunOptions): Promise<RunResult> {
  const { executeRun } = await import("./execute-run.js");
  const { conversationKind } = await import("./kinds/conversation.js");
  return executeRun(conversationKind, opts);
}

/** The conversation itself, once the agent is reached: trials, verdicts, usage, and the run's status. */
export async function converse(
  run: Run,
  reached: Reached,
  request: RunRequest<ConversationOptions>,
  models: ConversationModels,
): Promise<RunResult> {
  const endpoint = await chooseEndpoint(run, reached, request.policy);
  if (!endpoint) return run.finished!;
  const { result } = run;
  const spec = conversationSpec(request.config);
  const target = await openRunEndpoint(run, reached, endpoint, request.protocolOverride);
  if (!target) return run.finished!;
  const outcome = await converseWith(request, run.emit, spec, models, run.traffic, target);
  target.client.close();
  Object.assign(result, conversationFields(outcome, spec, models, target.endpoint.url));
  result.warnings = [...new Set([...result.warnings, ...outcome.trials.flatMap((t) => t.warnings)])];
  if (outcome.score !== null) result.scores.conversation = Math.round(outcome.score * 10_000) / 10_000;
  result.scores.pass_rate = outcome.stats.pass_rate;
  const { cardFailure } = reached;
  if (outcome.status === "error") return run.finish("error", outcome.reason);
  return run.finish(cardFailure ? "failed" : outcome.status, cardFailure ?? outcome.reason);
}

async function converseWith(
  opts: RunRequest,
  emit: RunEventSink,
  spec: ConversationSpec,
  models: { user: ModelConfig; judge: ModelConfig },
  traffic: TrafficLog,
  target: TransportTarget,
): Promise<ConversationOutcome> {
  const wrap = opts.modelWrap ?? ((client: LanguageModelClient) => client);
  const llm = (config: ModelConfig) =>
    wrap(
      createModelClient(config, {
        guard: guardModelUrl,
        retry: {
          ...opts.modelRetry,
          onRetry: ({ attempt, delayMs, reason }) =>
            emit({
              type: "retry",
              what: `${config.provider}:${config.model}`,
              attempt,
              delay_ms: delayMs,
              reason,
            }),
        },
      }),
    );
  emit({
    type: "conversation-started",
    endpoint: target.endpoint.url,
    trials: spec.trials,
    max_turns: spec.maxTurns,
  });
  return runConversation({
    client: target.client,
    traffic,
    spec,
    user: llm(models.user),
    judge: llm(models.judge),
    ...(opts.pollIntervalMs ? { pollIntervalMs: opts.pollIntervalMs } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    onEvent: emit,
  });
}

function conversationFields(
  outcome: ConversationOutcome,
  spec: ConversationSpec,
  models: ConversationModels,
  endpoint: string,
): Partial<RunResult> {
  const first = outcome.trials[0];
  return {
    conversation: {
      persona: spec.persona ?? null,
      goal: spec.goal ?? null,
      criteria: criteriaOf(spec),
      opening_message: spec.opening ?? null,
      max_turns: spec.maxTurns,
      threshold: spec.threshold ?? null,
      trials: spec.trials,
      min_pass_rate: spec.minPassRate,
      user_model: `${models.user.provider}:${models.user.model}`,
      judge_model: `${models.judge.provider}:${models.judge.model}`,
      endpoint,
    },
    transcript: first?.transcript ?? [],
    verdicts: first?.verdicts ?? [],
    trials: outcome.trials,
    trial_stats: outcome.stats,
    usage: usageSection(outcome, models.user, models.judge),
  };
}
