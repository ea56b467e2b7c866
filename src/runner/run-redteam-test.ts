import type { ClientContext } from "../client/types.js";
import { createModelClient } from "../llm/ai-sdk-client.js";
import { modelSpecFor, resolveModelConfig, type ModelConfig } from "../llm/model-config.js";
import { LlmError, type LanguageModelClient } from "../llm/types.js";
import type { RunEventSink } from "../model/events.js";
import { redteamPacks, type RedteamPackId } from "../model/redteam.js";
import { startResult, type RunResult } from "../model/result.js";
import { checkUrl, type OutboundPolicy } from "../net/outbound-policy.js";
import { TrafficLog } from "../net/traffic.js";
import type { Identity } from "../redteam/execute.js";
import { Honeypot } from "../redteam/honeypot.js";
import { attackFinding, runPacks } from "../redteam/run-packs.js";
import { endpointFor, findAgent, openEndpoint, defaultTransport, unreachableReason } from "./connect.js";
import { connectionSettings } from "./endpoint-override.js";
import { redactSecrets } from "./redact-result.js";
import type { ConversationRunOptions } from "./run-conversation-test.js";
import type { A2ATestConfig } from "./test-definition.js";
import { toolVersion } from "./version.js";

/** A red-team identity: a name and the headers that make it someone else (the first is the test's own headers). */
export interface RedteamIdentity {
  name: string;
  headers: Record<string, string>;
}

/** A red-team run takes what a conversation run takes (agent, policy, models, secrets, events, signal). */
export type RedteamRunOptions = Omit<
  ConversationRunOptions,
  "targetOnly" | "modelRetry" | "protocolOverride"
>;

/** Red-team defaults: three attempts per attack, every pack. */
export const redteamDefaults = { attempts: 3 } as const;

const modelPolicy: OutboundPolicy = { allowLoopback: true, allowPrivate: true, allowHosts: [] };

interface RoleModel {
  client?: LanguageModelClient;
  config?: ModelConfig;
}

/** A role's model when one is configured; none (what needs it is skipped) when not. The attacker is the "user" role. */
function roleModel(opts: RedteamRunOptions, role: "user" | "judge"): RoleModel {
  const env = opts.env ?? process.env;
  if (modelSpecFor(role, opts.models ?? {}, env) === undefined) return {};
  const config = resolveModelConfig(role, opts.models ?? {}, env, opts.secretValues);
  const guard = async (url: string) => void (await checkUrl(url, modelPolicy));
  return { config, client: createModelClient(config, { guard }) };
}

/** The identities of a run: the test's own headers first, then config.identities. */
export function identitiesOf(config: A2ATestConfig): RedteamIdentity[] {
  const extra = config.identities ?? [];
  return [{ name: "default", headers: config.headers }, ...extra];
}

function emptyRun(opts: RedteamRunOptions, started: number): RunResult {
  return startResult({
    kind: "redteam",
    toolVersion,
    agentUrl: opts.config.agent_url,
    startedAt: started,
    ...(opts.name ? { name: opts.name } : {}),
    ...(opts.source ? { source: opts.source } : {}),
  });
}

/**
 * docs/test-files.md, "Red teaming": the target's card only finds the endpoint; every identity gets its own
 * client on it; the chosen packs run their attacks; deterministic detectors decide, the judge grades the rest.
 */
export async function runRedteamTest(opts: RedteamRunOptions): Promise<RunResult> {
  const started = Date.now();
  const canaries = opts.config.canaries ?? [];
  const secrets = [...(opts.secrets ?? []), ...canaries];
  const emit: RunEventSink = opts.onEvent ? (e) => opts.onEvent!(redactSecrets(e, secrets)) : () => undefined;
  emit({
    type: "run-started",
    kind: "redteam",
    agent_url: opts.config.agent_url,
    ...(opts.name ? { name: opts.name } : {}),
  });
  const traffic = new TrafficLog({ secrets });
  const result = emptyRun(opts, started);
  const finish = (): RunResult => {
    result.duration_ms = Date.now() - started;
    result.traffic = [...traffic.entries()];
    const redacted = redactSecrets(result, secrets);
    opts.onEvent?.({ type: "run-finished", result: redacted });
    return redacted;
  };
  const fail = (reason: string) => Object.assign(result, { status: "error", reason }) && finish();
  let judge: RoleModel;
  let attacker: RoleModel;
  try {
    judge = roleModel(opts, "judge");
    attacker = roleModel(opts, "user");
  } catch (error) {
    if (error instanceof LlmError) return fail(error.message);
    throw error;
  }
  for (const m of [judge, attacker]) if (m.config?.apiKey) secrets.push(m.config.apiKey);
  if (!judge.client)
    result.warnings.push("no model configured: packs and attacks that need the judge are skipped");
  const ctxOf = (headers: Record<string, string>): ClientContext => ({
    headers,
    timeoutMs: opts.config.timeout_s * 1000,
    policy: opts.policy,
    traffic,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const people = identitiesOf(opts.config);
  const settings = connectionSettings(opts.config);
  const agent = await findAgent(opts.config.agent_url, ctxOf(people[0]!.headers), settings.endpointOverride);
  const unreachable = unreachableReason(agent);
  if (unreachable) return fail(unreachable);
  const endpoint = endpointFor(agent, defaultTransport(settings));
  if (!endpoint) return fail(`the card advertises no ${defaultTransport(settings)} interface`);
  result.endpoint = {
    url: endpoint.url,
    transport: endpoint.transport,
    reason: `target: ${endpoint.reason}`,
  };
  const identities: Identity[] = [];
  let generation: string | undefined;
  for (const person of people) {
    const target = await openEndpoint(agent, endpoint, ctxOf(person.headers));
    generation ??= target.generation;
    identities.push({ name: person.name, client: target.client });
  }
  result.protocol = { card: agent.validation?.card.generation ?? null, negotiated: generation ?? "0.3" };
  const honeypot = await Honeypot.start();
  try {
    const packs: RedteamPackId[] = opts.config.packs ?? [...redteamPacks];
    const outcome = await runPacks({
      identities,
      traffic,
      packs,
      attempts: opts.config.attempts ?? redteamDefaults.attempts,
      userCanaries: canaries,
      generation: (generation ?? "0.3") as never,
      honeypot,
      ...(judge.client ? { judge: judge.client } : {}),
      ...(attacker.client ? { attacker: attacker.client } : {}),
      turnBudgetMs: opts.config.timeout_s * 1000,
      pollIntervalMs: opts.pollIntervalMs ?? 1000,
      ...(opts.signal ? { signal: opts.signal } : {}),
      onAttack: (report) => emit({ type: "check-finished", index: 0, finding: attackFinding(report) }),
    });
    result.findings = outcome.attacks.map(attackFinding);
    result.redteam = {
      packs: outcome.packs,
      attacks: outcome.attacks,
      attempts_per_attack: opts.config.attempts ?? redteamDefaults.attempts,
      identities: people.map((p) => p.name),
      endpoint: endpoint.url,
      ...(judge.config ? { judge_model: `${judge.config.provider}:${judge.config.model}` } : {}),
      ...(attacker.config ? { attacker_model: `${attacker.config.provider}:${attacker.config.model}` } : {}),
    };
  } finally {
    for (const i of identities) i.client.close();
    await honeypot.close();
  }
  const failed = result.findings.filter((f) => f.status === "fail");
  const errored = result.findings.filter((f) => f.status === "error");
  if (failed.length > 0) {
    result.status = "failed";
    const packs = [...new Set(failed.map((f) => f.category))];
    result.reason = `${failed.length} attack(s) succeeded or over-refused, in ${packs.join(", ")}`;
  } else if (errored.length > 0) {
    result.status = "failed";
    result.reason = `the agent failed to answer ${errored.length} attack(s): a hung or crashing agent is a finding`;
  }
  return finish();
}
