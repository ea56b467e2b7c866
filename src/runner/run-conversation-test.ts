import type { ClientContext } from "../client/types.js";
import { criteriaOf } from "../conversation/judge.js";
import { runConversation, type ConversationOutcome } from "../conversation/run-conversation.js";
import { conversationDefaults, type ConversationSpec } from "../conversation/types.js";
import { createModelClient, type ModelClientOptions } from "../llm/ai-sdk-client.js";
import { resolveModelConfig, type ModelConfig, type ModelFlags } from "../llm/model-config.js";
import { costOf } from "../llm/pricing.js";
import { addUsage, LlmError, type TokenUsage } from "../llm/types.js";
import { checkUrl, type OutboundPolicy } from "../net/outbound-policy.js";
import { TrafficLog } from "../net/traffic.js";
import type { RunEventSink } from "../model/events.js";
import type { ProtocolGeneration } from "../model/generation.js";
import { startResult, type ModelUsage, type RunResult, type UsageSection } from "../model/result.js";
import { recordNegotiation } from "./card-section.js";
import { defaultTransport, endpointFor, findAgent, openEndpoint, type TransportTarget } from "./connect.js";
import { connectionSettings } from "./endpoint-override.js";
import { explainAuthRefusal } from "./auth-refusal.js";
import { redactSecrets } from "./redact-result.js";
import { runA2ATest, type A2ATarget } from "./run-a2a-test.js";
import type { A2ATestConfig } from "./test-definition.js";
import { toolVersion } from "./version.js";

export interface ConversationRunOptions {
  config: A2ATestConfig;
  policy: OutboundPolicy;
  /** --model, --user-model, --judge-model. */
  models?: ModelFlags;
  /** Where PLAINWRIGHT_MODEL, keys and base URLs are read; process.env by default. */
  env?: Record<string, string | undefined>;
  /** --secrets file values: model keys may come from there too. */
  secretValues?: Record<string, string>;
  /** Secret values to redact everywhere. */
  secrets?: string[];
  name?: string;
  source?: string;
  /** What happens as it happens: the card, each turn, model retries, each trial. */
  onEvent?: RunEventSink;
  pollIntervalMs?: number;
  /** The agent is a target: its card only finds the endpoint and is not validated. */
  targetOnly?: boolean;
  /** Retry timing for model calls (tests shorten it). */
  modelRetry?: ModelClientOptions["retry"];
  /** --protocol: skip wire negotiation. */
  protocolOverride?: ProtocolGeneration;
  /** Aborts the agent requests (cancel, deadline). */
  signal?: AbortSignal;
}

/** The test's conversation settings with Plainwright's defaults filled in. */
export function conversationSpec(config: A2ATestConfig): ConversationSpec {
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

// The model endpoint is the user's own configuration, so loopback and private servers (Ollama, vLLM) are
// fine; metadata addresses never are, whatever the policy (docs/architecture.md, outbound safety).
const modelPolicy: OutboundPolicy = { allowLoopback: true, allowPrivate: true, allowHosts: [] };

async function guard(url: string): Promise<void> {
  await checkUrl(url, modelPolicy);
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

function resolveModels(opts: ConversationRunOptions): { user: ModelConfig; judge: ModelConfig } {
  const env = opts.env ?? process.env;
  return {
    user: resolveModelConfig("user", opts.models ?? {}, env, opts.secretValues),
    judge: resolveModelConfig("judge", opts.models ?? {}, env, opts.secretValues),
  };
}

/**
 * docs/test-files.md, "Conversation over A2A": the card is found and validated as for any A2A test, then a simulated
 * user talks to the endpoint and the judge grades each transcript. With strict_card, a card error fails
 * the run even when the conversation passed.
 */
export async function runConversationTest(opts: ConversationRunOptions): Promise<RunResult> {
  const started = Date.now();
  const spec = conversationSpec(opts.config);
  const secrets = [...(opts.secrets ?? [])];
  const listener = opts.onEvent;
  // Secrets are redacted from every event (the model keys are added to `secrets` below).
  const emit: RunEventSink = listener ? (event) => listener(redactSecrets(event, secrets)) : () => undefined;
  emit({
    type: "run-started",
    kind: "conversation",
    agent_url: opts.config.agent_url,
    ...(opts.name ? { name: opts.name } : {}),
    ...(opts.source ? { source: opts.source } : {}),
  });
  const done = (result: RunResult) => {
    listener?.({ type: "run-finished", result });
    return result;
  };
  const early = (reason: string) => done(errorRun(opts, started, reason));
  if (criteriaOf(spec).length === 0)
    return early("a conversation needs success_criteria or a goal for the judge to grade");
  let models: { user: ModelConfig; judge: ModelConfig };
  try {
    models = resolveModels(opts);
  } catch (error) {
    if (error instanceof LlmError) return early(error.message);
    throw error;
  }
  for (const m of [models.user, models.judge]) if (m.apiKey) secrets.push(m.apiKey);
  const traffic = new TrafficLog({ secrets });
  let reached: A2ATarget | undefined;
  const card = opts.targetOnly
    ? await targetRun(opts, traffic, started, (t) => (reached = t))
    : await runA2ATest({
        ...opts,
        secrets,
        mode: "card",
        traffic,
        onTarget: (t) => (reached = t),
        onEvent: cardEvents(emit),
      });
  const result: RunResult = { ...card, kind: "conversation" };
  const cardFailed = card.status === "failed" ? card.reason : undefined;
  if (card.status === "error" || !reached || !card.endpoint || card.endpoint.refused)
    return done(finish(result, started, traffic, secrets));
  const target = await openEndpoint(reached.agent, reached.endpoint, reached.ctx, opts.protocolOverride);
  recordNegotiation(result, target.negotiation);
  const outcome = await converseWith(opts, emit, spec, models, traffic, target);
  target.client.close();
  Object.assign(result, conversationFields(outcome, spec, models, target.endpoint.url));
  result.warnings = [...new Set([...result.warnings, ...outcome.trials.flatMap((t) => t.warnings)])];
  if (outcome.score !== null) result.scores.conversation = Math.round(outcome.score * 10_000) / 10_000;
  result.scores.pass_rate = outcome.stats.pass_rate;
  result.status = outcome.status === "error" ? "error" : cardFailed ? "failed" : outcome.status;
  const reason = outcome.status === "error" ? outcome.reason : (cardFailed ?? outcome.reason);
  if (reason) result.reason = reason;
  else delete result.reason;
  return done(finish(result, started, traffic, secrets));
}

/** The card step's events, less its own start and finish: they belong to the conversation run. */
function cardEvents(emit: RunEventSink): RunEventSink {
  return (event) => {
    if (event.type !== "run-started" && event.type !== "run-finished") emit(event);
  };
}

async function converseWith(
  opts: ConversationRunOptions,
  emit: RunEventSink,
  spec: ConversationSpec,
  models: { user: ModelConfig; judge: ModelConfig },
  traffic: TrafficLog,
  target: TransportTarget,
): Promise<ConversationOutcome> {
  const llm = (config: ModelConfig) =>
    createModelClient(config, {
      guard,
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
    });
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
    onEvent: emit,
  });
}

function conversationFields(
  outcome: ConversationOutcome,
  spec: ConversationSpec,
  models: { user: ModelConfig; judge: ModelConfig },
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

/** A target's endpoint from its card (or the agent URL), with no card validation (docs/test-files.md). */
async function targetRun(
  opts: ConversationRunOptions,
  traffic: TrafficLog,
  started: number,
  onTarget: (target: A2ATarget) => void,
): Promise<RunResult> {
  const ctx: ClientContext = {
    headers: opts.config.headers,
    timeoutMs: opts.config.timeout_s * 1000,
    policy: opts.policy,
    traffic,
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
  const settings = connectionSettings(opts.config);
  const agent = await findAgent(opts.config.agent_url, ctx, settings.endpointOverride);
  const transport = defaultTransport(settings);
  const endpoint = endpointFor(agent, transport);
  if (!endpoint) return errorRun(opts, started, `the card advertises no ${transport} interface`);
  onTarget({ agent, endpoint, ctx });
  const base = errorRun(opts, started, "");
  delete base.reason;
  return {
    ...base,
    status: "passed",
    endpoint: { url: endpoint.url, transport: endpoint.transport, reason: `target: ${endpoint.reason}` },
    protocol: { card: null, negotiated: agent.validation?.card.generation ?? "0.3" },
    card: {
      found_at: agent.discovery.found ? agent.discovery.url : null,
      tried: [],
      protocol_version: null,
      name: null,
      version: null,
      description: null,
      transport: null,
      errors: [],
      warnings: [],
      skills: [],
      strict: false,
    },
  };
}

function finish(result: RunResult, started: number, traffic: TrafficLog, secrets: string[]): RunResult {
  result.duration_ms = Date.now() - started;
  result.traffic = [...traffic.entries()];
  const refused = explainAuthRefusal(result);
  if (refused) result.reason = refused;
  return redactSecrets(result, secrets);
}

function errorRun(opts: ConversationRunOptions, started: number, reason: string): RunResult {
  const result = startResult({
    kind: "conversation",
    toolVersion,
    agentUrl: opts.config.agent_url,
    startedAt: started,
    ...(opts.name ? { name: opts.name } : {}),
    ...(opts.source ? { source: opts.source } : {}),
  });
  return redactSecrets(
    { ...result, status: "error", reason, duration_ms: Date.now() - started },
    opts.secrets ?? [],
  );
}
