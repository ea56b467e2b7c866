import type { Jwk } from "../card/jws.js";
import type { EndpointChoice } from "../card/types.js";
import { issueText } from "../view/issue-text.js";
import type { ClientContext } from "../client/types.js";
import type { ProtocolGeneration } from "../model/generation.js";
import type { CardSection, RunResult } from "../model/result.js";
import type { Transport } from "../model/transport.js";
import { NetError } from "../net/errors.js";
import { checkUrl, type OutboundPolicy } from "../net/outbound-policy.js";
import { judgeCardSignatures } from "./card-signatures.js";
import {
  defaultTransport,
  endpointFor,
  findAgent,
  nothingAnswersAt,
  openEndpoint,
  unreachableReason,
  type FoundAgent,
  type TransportTarget,
} from "./connect.js";
import { cardSection, recordNegotiation } from "./card-section.js";
import { connectionSettings, type EndpointOverride } from "./endpoint-override.js";
import type { Run } from "./run.js";

/** How a run reaches its agent: the connection keys every test's config shares (docs/test-files.md). */
export type ConnectionConfig = {
  agent_url: string;
  headers: Record<string, string>;
  timeout_s: number;
  strict_card?: boolean | undefined;
  endpoint?: string | undefined;
  transport?: string | undefined;
  /** The A2A version to speak without negotiating (--protocol). */
  protocol?: ProtocolGeneration | undefined;
};

/**
 * What a kind makes of the agent's card: `judged`, validated and reported (its errors fail the run under
 * strict_card), or `target`, where the card only finds the endpoint and no card verdict is made
 * (docs/test-files.md, "A2A as a target elsewhere").
 */
export type CardUse = "judged" | "target";

export interface ReachSettings {
  card: CardUse;
  /** The card section is strict whatever the config says (conformance judges the card with its checks). */
  strict?: boolean;
  /** Public keys for the card's signatures: when given (even empty), the signatures are judged. */
  signatureKeys?: readonly Jwk[] | undefined;
  /** What a run that cannot go on for want of an endpoint ends as (a missing card, a refused endpoint). */
  stopsAs: "failed" | "error";
  query?: Record<string, string> | undefined;
  /** What the kind's result says when no card was found (`missing` says where it was looked for) and nothing else can be tested. */
  noCard?: ((result: RunResult, missing: string) => void | Promise<void>) | undefined;
}

/** The card and endpoint a run found, for callers that go on talking over them (conversations, the inspector). */
export interface ReachedEndpoint {
  agent: FoundAgent;
  endpoint: EndpointChoice;
  ctx: ClientContext;
}

/** The agent as a run found it: its card, the client context to talk with, and what the card failed. */
export interface Reached {
  agent: FoundAgent;
  ctx: ClientContext;
  /** The binding the run talks over (the config's, the --endpoint's, else JSON-RPC). */
  transport: Transport;
  override?: EndpointOverride;
  /** With strict_card, the card's first error; a missing card when --endpoint lets the run go on. */
  cardFailure?: string;
  /** How the run took the card, and what it ends as without an endpoint. */
  card: CardUse;
  stopsAs: "failed" | "error";
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * Why no card was found, naming what each location answered ("none returned a JSON
 * object" hid a refused redirect or a DNS failure); one outcome shared by all is said once.
 */
export function noCardReason(tried: readonly { url: string; outcome: string }[]): string {
  const outcomes = [...new Set(tried.map((t) => t.outcome))];
  const head = `no agent card found: tried ${plural(tried.length, "location")}`;
  if (outcomes.length === 1) {
    const where = tried.map((t) => t.url).join(", ");
    return `${head} (${where.length > 400 ? `${where.slice(0, 400)}…` : where}), each: ${outcomes[0]}`;
  }
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

/** Why the outbound policy refuses an endpoint, or undefined (an unresolvable name is left to the send). */
export async function endpointRefusal(url: string, policy: OutboundPolicy): Promise<string | undefined> {
  // A gRPC target may be a bare host:port; the policy judges its address all the same.
  const asUrl = /^[^/]+:\d+$/.test(url) ? `http://${url}` : url;
  try {
    await checkUrl(asUrl, policy);
    return undefined;
  } catch (error) {
    if (error instanceof NetError && error.rule !== "policy.dns") return error.message;
    if (error instanceof NetError) return undefined;
    throw error;
  }
}

/** The card section of a target: where its card was found, and no verdict on it. */
function targetCardSection(agent: FoundAgent): CardSection {
  return {
    ...cardSection(agent.discovery, undefined, false),
    found_at: agent.discovery.found ? agent.discovery.url : null,
    tried: [],
  };
}

/**
 * The first part of every run that talks to an agent: the agent URL and --endpoint judged by the policy,
 * the card looked up once, judged or taken as a target's, and recorded. Undefined when the run could not
 * go on and was closed (an unreachable agent is an error of the run; a missing card ends it as the kind says).
 */
export async function reachAgent(
  run: Run,
  config: ConnectionConfig,
  policy: OutboundPolicy,
  how: ReachSettings,
): Promise<Reached | undefined> {
  const urlProblem = await agentUrlProblem(config.agent_url, policy);
  if (urlProblem) return void run.finish("error", urlProblem);
  const { endpointOverride: override, transport: chosen } = connectionSettings(config);
  const overrideProblem = override ? await agentUrlProblem(override.url, policy) : undefined;
  if (overrideProblem)
    return void run.finish("error", overrideProblem.replace(/^agent(_url| URL)/, "endpoint"));
  const { result, emit } = run;
  emit({ type: "card-lookup", agent_url: config.agent_url });
  const ctx = run.clientContext({
    headers: config.headers,
    timeoutMs: config.timeout_s * 1000,
    policy,
    query: how.query,
  });
  const agent = await findAgent(config.agent_url, ctx, override);
  const transport = defaultTransport({
    ...(chosen ? { transport: chosen } : {}),
    ...(override ? { endpointOverride: override } : {}),
  });
  const reached: Reached = {
    agent,
    ctx,
    transport,
    card: how.card,
    stopsAs: how.stopsAs,
    ...(override ? { override } : {}),
  };
  const unreachable = unreachableReason(agent);
  if (how.card === "target") {
    if (unreachable) return void run.finish("error", unreachable);
    result.card = targetCardSection(agent);
    return reached;
  }
  const strict = how.strict ?? config.strict_card !== false;
  const { validation } = agent;
  if (unreachable) {
    result.card = cardSection(agent.discovery, validation, strict);
    return void run.finish("error", unreachable);
  }
  // Judged first: a signature that does not verify is one of the card's errors.
  const signatures =
    how.signatureKeys && agent.discovery.found && validation
      ? await judgeCardSignatures(agent.discovery.card, validation, how.signatureKeys, ctx)
      : undefined;
  result.card = cardSection(agent.discovery, validation, strict);
  if (signatures) result.card.signatures = signatures;
  result.scores.card = validation && validation.errors.length === 0 ? 1 : 0;
  emit({
    type: "card-read",
    found_at: agent.discovery.found ? agent.discovery.url : null,
    tried: agent.discovery.tried,
    name: validation?.card.name ?? null,
    errors: validation?.errors ?? [],
    warnings: validation?.warnings ?? [],
  });
  if (!validation) {
    const missing = noCardReason(agent.discovery.tried);
    // With --endpoint the run goes on: the missing card is reported, the endpoint still tested.
    if (!override) {
      await how.noCard?.(result, missing);
      return void run.finish(
        how.stopsAs,
        `${missing}; give the card's own URL as the agent URL when it is published elsewhere, or --endpoint URL (a test file's config.endpoint) to test an interface without a card`,
      );
    }
    return { ...reached, cardFailure: missing };
  }
  const firstError = validation.errors[0];
  if (firstError && config.strict_card !== false && how.strict === undefined)
    reached.cardFailure = `the card has ${plural(validation.errors.length, "error")}: ${issueText(firstError)}`;
  return reached;
}

/**
 * Records the endpoint a run talks over and the versions in play (the card's, and the one spoken, which
 * the negotiation may correct): one place for every kind of run.
 */
export function recordEndpoint(
  result: RunResult,
  endpoint: Pick<EndpointChoice, "url" | "transport" | "reason" | "rewrittenFrom">,
  card: string | null,
  negotiated: ProtocolGeneration,
): void {
  result.endpoint = {
    url: endpoint.url,
    transport: endpoint.transport,
    reason: endpoint.reason,
    ...(endpoint.rewrittenFrom ? { rewritten_from: endpoint.rewrittenFrom } : {}),
  };
  result.protocol = { card, negotiated };
}

/**
 * The one endpoint a run talks over, recorded in the result with the card's stated version; undefined
 * when the run was closed because the card names none for the binding or names one the policy refuses.
 */
export async function chooseEndpoint(
  run: Run,
  reached: Reached,
  policy: OutboundPolicy,
): Promise<EndpointChoice | undefined> {
  const { result } = run;
  const { agent, transport } = reached;
  const how = reached;
  const endpoint = endpointFor(agent, transport);
  if (!endpoint)
    return void run.finish(
      how.stopsAs,
      reached.cardFailure ?? `the card advertises no ${transport} interface`,
    );
  recordEndpoint(
    result,
    { ...endpoint, reason: how.card === "target" ? `target: ${endpoint.reason}` : endpoint.reason },
    agent.validation?.card.protocolVersion ?? null,
    agent.validation?.card.generation ?? "0.3",
  );
  const refused = await endpointRefusal(endpoint.url, policy);
  if (refused) {
    if (result.endpoint) result.endpoint.refused = refused;
    return void run.finish(how.stopsAs, reached.cardFailure ?? `the endpoint isn't allowed: ${refused}`);
  }
  return endpoint;
}

/**
 * Opens the run's endpoint (the version negotiated on the wire, recorded in the result unless `record` is
 * false: a run that opens it once per caller records it once); undefined, the run closed as an error,
 * when nothing answers there: no agent was there to judge.
 */
export async function openRunEndpoint(
  run: Run,
  reached: Reached,
  endpoint: EndpointChoice,
  override: ProtocolGeneration | undefined,
  { record = true }: { record?: boolean } = {},
): Promise<TransportTarget | undefined> {
  const target = await openEndpoint(reached.agent, endpoint, reached.ctx, override);
  if (record) recordNegotiation(run.result, target.negotiation);
  const nobody = nothingAnswersAt(target);
  if (nobody === undefined) return target;
  target.client.close();
  return void run.finish("error", nobody);
}
