import { checkCardSignatures, signatureStatus } from "../card/check-signatures.js";
import type { Jwk } from "../card/jws.js";
import { keySource } from "../card/key-source.js";
import type { CardValidation, EndpointChoice } from "../card/types.js";
import { issueText } from "../card/issue-text.js";
import type { ClientContext } from "../client/types.js";
import type { SmokeOutcome } from "../checks/smoke.js";
import { NetError } from "../net/errors.js";
import { checkUrl, type OutboundPolicy } from "../net/outbound-policy.js";
import { TrafficLog } from "../net/traffic.js";
import { beginRun } from "./run-record.js";
import type { RunEventSink } from "../model/events.js";
import type { CardSignatureStatus, RunResult } from "../model/result.js";
import { cardSection, recordNegotiation } from "./card-section.js";
import {
  defaultTransport,
  endpointFor,
  findAgent,
  openEndpoint,
  unreachableReason,
  type FoundAgent,
} from "./connect.js";
import { connectionSettings } from "./endpoint-override.js";
import type { ProtocolGeneration } from "../model/generation.js";
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
  /** A settling task is polled every second (docs/test-files.md); tests shorten it. */
  pollIntervalMs?: number;
  traffic?: TrafficLog;
  /** --protocol: skip wire negotiation. */
  protocolOverride?: ProtocolGeneration;
  /** Hears the card and endpoint once they are known and allowed (before any message is sent). */
  onTarget?: (target: A2ATarget) => void;
  /** Aborts the run's requests (cancel, deadline). */
  signal?: AbortSignal;
  /** Public keys for the card's signatures (--card-key), tried before any jku; the card mode checks them. */
  cardKeys?: readonly Jwk[];
}

/**
 * Why no card was found, naming what each location answered ("none returned a JSON
 * object" hid a refused redirect or a DNS failure); one outcome shared by all is said once.
 */
function noCardReason(tried: readonly { url: string; outcome: string }[]): string {
  const outcomes = [...new Set(tried.map((t) => t.outcome))];
  const head = `no agent card found: tried ${plural(tried.length, "location")}`;
  if (outcomes.length === 1) return `${head}, each: ${outcomes[0]}`;
  const each = tried.map((t) => `${t.url}: ${t.outcome}`).join("; ");
  return `${head}: ${each.length > 600 ? `${each.slice(0, 600)}…` : each}`;
}

/** Checks the agent URL before anything is sent: a URL that is not allowed is an `error` (docs/test-files.md). */
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
  // A gRPC target may be a bare host:port; the policy judges its address all the same.
  const url = /^[^/]+:\d+$/.test(endpoint.url) ? `http://${endpoint.url}` : endpoint.url;
  try {
    await checkUrl(url, policy);
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

/**
 * The card command's look at the card's signatures. A signature that does not verify breaks a MUST of
 * A2A 1.0.1 §8.4.1 (JCS form, `signatures` left out), so it is a card error on a 1.0 card; A2A 0.3 defines
 * signatures with no canonical form and no MUST (0.3 §5.5.6), so there it is a warning.
 */
async function judgeCardSignatures(
  card: unknown,
  validation: CardValidation,
  keys: readonly Jwk[],
  ctx: ClientContext,
): Promise<CardSignatureStatus> {
  const { policy, traffic, signal } = ctx;
  const source = keySource(keys, {
    policy,
    timeoutMs: ctx.timeoutMs,
    ...(traffic ? { traffic } : {}),
    ...(signal ? { signal } : {}),
  });
  const status = signatureStatus(await checkCardSignatures(card, validation.card.generation, source));
  if (status.status === "invalid") {
    const issue = { path: "signatures", message: `a signature does not verify: ${status.detail}` };
    if (validation.card.generation === "1.0")
      validation.errors.push({ ...issue, message: `${issue.message} (A2A 1.0.1 §8.4.1 MUST)` });
    else validation.warnings.push(issue);
  }
  return status;
}

/** The card and endpoint a run found, for callers that go on talking over them (conversations, the inspector). */
export interface A2ATarget {
  agent: FoundAgent;
  endpoint: EndpointChoice;
  ctx: ClientContext;
}

/** Runs one A2A test (docs/test-files.md, "How an A2A test runs", conversations excepted) and builds its result. */
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
  // config.endpoint (--endpoint) is tested whatever the card says; config.transport picks the binding.
  const { endpointOverride: override, transport: chosen } = connectionSettings(config);
  const overrideProblem = override ? await agentUrlProblem(override.url, opts.policy) : undefined;
  if (overrideProblem) return finish("error", overrideProblem.replace(/^agent(_url| URL)/, "endpoint"));

  emit({ type: "card-lookup", agent_url: config.agent_url });
  const ctx: ClientContext = {
    headers: config.headers,
    timeoutMs: config.timeout_s * 1000,
    policy: opts.policy,
    traffic,
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
  const agent = await findAgent(config.agent_url, ctx, override);
  const unreachable = unreachableReason(agent);
  if (unreachable) {
    result.card = cardSection(agent.discovery, undefined, config.strict_card);
    return finish("error", unreachable);
  }
  const { validation } = agent;
  const signatures =
    opts.mode === "card" && agent.discovery.found && validation
      ? await judgeCardSignatures(agent.discovery.card, validation, opts.cardKeys ?? [], ctx)
      : undefined;
  result.card = cardSection(agent.discovery, validation, config.strict_card);
  if (signatures) result.card.signatures = signatures;
  result.scores.card = validation && validation.errors.length === 0 ? 1 : 0;
  let cardFailure: string | undefined;
  if (!validation) {
    emit({
      type: "card-read",
      found_at: null,
      tried: agent.discovery.tried,
      name: null,
      errors: [],
      warnings: [],
    });
    cardFailure = noCardReason(agent.discovery.tried);
    // With --endpoint the run goes on: the missing card is reported, the endpoint still tested.
    if (!override) return finish("failed", cardFailure);
  } else {
    emit({
      type: "card-read",
      found_at: agent.discovery.found ? agent.discovery.url : null,
      tried: agent.discovery.tried,
      name: validation.card.name,
      errors: validation.errors,
      warnings: validation.warnings,
    });
    const firstError = validation.errors[0];
    if (firstError && config.strict_card)
      cardFailure = `the card has ${plural(validation.errors.length, "error")}: ${issueText(firstError)}`;
  }

  const transport = defaultTransport({
    ...(chosen ? { transport: chosen } : {}),
    ...(override ? { endpointOverride: override } : {}),
  });
  const endpoint = endpointFor(agent, transport);
  if (!endpoint) return finish("failed", cardFailure ?? `the card advertises no ${transport} interface`);
  result.endpoint = {
    url: endpoint.url,
    transport: endpoint.transport,
    reason: endpoint.reason,
    ...(endpoint.rewrittenFrom ? { rewritten_from: endpoint.rewrittenFrom } : {}),
  };
  result.protocol = {
    card: validation?.card.protocolVersion ?? null,
    negotiated: validation?.card.generation ?? "0.3",
  };

  const refused = await endpointRefusal(endpoint, opts.policy);
  if (refused) {
    result.endpoint.refused = refused;
    return finish("failed", cardFailure ?? `the endpoint isn't allowed: ${refused}`);
  }
  opts.onTarget?.({ agent, endpoint, ctx });
  if (opts.mode === "card") return finish(cardFailure ? "failed" : "passed", cardFailure);

  emit({ type: "smoke-sent", url: endpoint.url });
  const target = await openEndpoint(agent, endpoint, ctx, opts.protocolOverride);
  recordNegotiation(result, target.negotiation);
  // Loaded here: `plainwright card` stops above and need not load the smoke exchange.
  const { defaultSmokeMessage, runSmoke } = await import("../checks/smoke.js");
  const smoke = await runSmoke({
    client: target.client,
    traffic,
    message: config.smoke_message ?? defaultSmokeMessage,
    timeoutMs: ctx.timeoutMs,
    ...(opts.pollIntervalMs ? { pollIntervalMs: opts.pollIntervalMs } : {}),
  });
  target.client.close();
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
}
