import { discoverCard } from "../card/discover.js";
import { chooseEndpoint } from "../card/endpoint.js";
import type { EndpointChoice } from "../card/types.js";
import { validateCard } from "../card/validate.js";
import { issueText } from "../card/issue-text.js";
import { A2AJsonRpcClient } from "../client/a2a-jsonrpc-client.js";
import { defaultSmokeMessage, runSmoke, type SmokeOutcome } from "../checks/smoke.js";
import { NetError } from "../net/errors.js";
import { checkUrl, type OutboundPolicy } from "../net/outbound-policy.js";
import { TrafficLog } from "../net/traffic.js";
import type { RunEventSink } from "../model/events.js";
import { beginRun } from "./run-record.js";
import type { RunResult } from "../model/result.js";
import { cardSection } from "./card-section.js";
import type { A2ATestConfig } from "./test-definition.js";

export interface A2ARunOptions {
  config: A2ATestConfig;
  /** "card" stops after discovery, validation and endpoint choice; "smoke" sends the smoke message. */
  mode: "card" | "smoke";
  policy: OutboundPolicy;
  /** Secret values to redact everywhere. */
  secrets?: string[];
  name?: string;
  source?: string;
  /** What happens as it happens; never part of the result. */
  onEvent?: RunEventSink;
  /** Seed 000 polls every second; tests shorten it. */
  pollIntervalMs?: number;
  traffic?: TrafficLog;
}

/** Checks the agent URL before anything is sent: a URL that is not allowed is an `error` (seed 000). */
export async function agentUrlProblem(url: string, policy: OutboundPolicy): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `agent_url ${JSON.stringify(url)} is not a URL`;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    return `agent_url must be an http(s) URL, got ${parsed.protocol} in ${url}`;
  try {
    await checkUrl(url, policy);
  } catch (error) {
    // An unresolvable name is the agent being unreachable (a failed discovery), not a refused URL.
    if (error instanceof NetError && error.rule !== "policy.dns")
      return `agent URL not allowed: ${error.message}`;
    if (!(error instanceof NetError)) throw error;
  }
  return undefined;
}

async function endpointRefusal(
  endpoint: EndpointChoice,
  policy: OutboundPolicy,
): Promise<string | undefined> {
  try {
    await checkUrl(endpoint.url, policy);
    return undefined;
  } catch (error) {
    if (error instanceof NetError && error.rule !== "policy.dns") return error.message;
    if (error instanceof NetError) return undefined; // unreachable: the smoke send will say so with evidence
    throw error;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Runs one A2A test (seed 000 "How an A2A test runs", conversations excepted) and builds its result. */
export async function runA2ATest(opts: A2ARunOptions): Promise<RunResult> {
  const traffic = opts.traffic ?? new TrafficLog({ secrets: opts.secrets ?? [] });
  for (const s of opts.secrets ?? []) traffic.addSecret(s);
  const { config } = opts;
  const { result, finish, emit } = beginRun({
    kind: "a2a",
    agentUrl: config.agent_url,
    traffic,
    secrets: opts.secrets ?? [],
    ...(opts.name ? { name: opts.name } : {}),
    ...(opts.source ? { source: opts.source } : {}),
    onEvent: opts.onEvent,
  });

  const urlProblem = await agentUrlProblem(config.agent_url, opts.policy);
  if (urlProblem) return finish("error", urlProblem);

  emit({ type: "card-lookup", agent_url: config.agent_url });
  const timeoutMs = config.timeout_s * 1000;
  const discovery = await discoverCard(config.agent_url, {
    headers: config.headers,
    policy: opts.policy,
    traffic,
    timeoutMs,
  });
  if (!discovery.found) {
    emit({ type: "card-read", found_at: null, tried: discovery.tried, name: null, errors: [], warnings: [] });
    result.card = cardSection(discovery, undefined, config.strict_card);
    result.scores.card = 0;
    return finish(
      "failed",
      `no agent card found: tried ${plural(discovery.tried.length, "location")}, none returned a JSON object`,
    );
  }
  const validation = validateCard(discovery.card);
  result.card = cardSection(discovery, validation, config.strict_card);
  result.scores.card = validation.errors.length === 0 ? 1 : 0;
  emit({
    type: "card-read",
    found_at: discovery.url,
    tried: discovery.tried,
    name: validation.card.name,
    errors: validation.errors,
    warnings: validation.warnings,
  });

  const endpoint = chooseEndpoint(validation.card, config.agent_url);
  result.endpoint = {
    url: endpoint.url,
    transport: endpoint.transport,
    reason: endpoint.reason,
    ...(endpoint.rewrittenFrom ? { rewritten_from: endpoint.rewrittenFrom } : {}),
  };
  result.protocol = { card: validation.card.protocolVersion, negotiated: validation.card.generation };
  const firstError = validation.errors[0];
  const cardFailure =
    firstError && config.strict_card
      ? `the card has ${plural(validation.errors.length, "error")}: ${issueText(firstError)}`
      : undefined;

  const refused = await endpointRefusal(endpoint, opts.policy);
  if (refused) {
    result.endpoint.refused = refused;
    return finish("failed", cardFailure ?? `the endpoint isn't allowed: ${refused}`);
  }
  if (opts.mode === "card") return finish(cardFailure ? "failed" : "passed", cardFailure);

  emit({ type: "smoke-sent", url: endpoint.url });
  const smoke = await runSmoke({
    client: new A2AJsonRpcClient({
      url: endpoint.url,
      generation: validation.card.generation,
      headers: config.headers,
      timeoutMs,
      policy: opts.policy,
      traffic,
    }),
    message: config.smoke_message ?? defaultSmokeMessage,
    timeoutMs,
    pollIntervalMs: opts.pollIntervalMs,
  });
  recordSmoke(result, smoke);
  return finish(cardFailure || !smoke.passed ? "failed" : "passed", cardFailure ?? smoke.reason);
}

function recordSmoke(result: RunResult, smoke: SmokeOutcome): void {
  const { request, reply_kind, task_state, task_id, context_id, text, passed, reason, polls } = smoke;
  result.smoke = {
    request,
    text,
    passed,
    polls,
    ...(reply_kind ? { reply_kind } : {}),
    ...(task_state ? { task_state } : {}),
    ...(task_id ? { task_id } : {}),
    ...(context_id ? { context_id } : {}),
    ...(reason ? { reason } : {}),
  };
  result.scores.smoke = passed ? 1 : 0;
  result.warnings.push(...smoke.warnings);
  if (result.protocol) result.protocol.negotiated = smoke.generation;
}
