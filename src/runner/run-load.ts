import type { ClientContext } from "../client/types.js";
import type { Clock } from "../load/clock.js";
import { confirmTargetProblem } from "../load/confirm-target.js";
import { runLoadEngine, type LoadFigures } from "../load/run-load-engine.js";
import { evaluateThresholds, parseThreshold, type Threshold } from "../load/thresholds.js";
import type { RunEventSink } from "../model/events.js";
import type { ProtocolGeneration } from "../model/generation.js";
import type { LoadSection, LoadSettings } from "../model/load.js";
import type { RunResult } from "../model/result.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import { TrafficLog, type TrafficRetention } from "../net/traffic.js";
import { cardSection, recordNegotiation } from "./card-section.js";
import { defaultTransport, endpointFor, findAgent, openEndpoint, type TransportTarget } from "./connect.js";
import { connectionSettings } from "./endpoint-override.js";
import { usageError } from "./errors.js";
import { agentUrlProblem } from "./run-a2a-test.js";
import { beginRun, type RunRecord } from "./run-record.js";

/** Where and how to load: the agent (as a test's config says it) and the resolved load settings. */
export interface LoadRunOptions {
  config: {
    agent_url: string;
    headers: Record<string, string>;
    endpoint?: string | undefined;
    transport?: string | undefined;
  };
  settings: LoadSettings;
  /** Already checked with parseThreshold; none means the default, errors < 1%. */
  thresholds: readonly Threshold[];
  /** The host of a target that is not loopback, as the user named it (--confirm-target). */
  confirmTarget?: string;
  /** How the rule's option is spelled where the user gives it (a test file says config.load.confirm_target). */
  confirmOption?: string;
  policy: OutboundPolicy;
  secrets?: string[];
  name?: string;
  source?: string;
  onEvent?: RunEventSink;
  signal?: AbortSignal;
  clock?: Clock;
  protocolOverride?: ProtocolGeneration;
}

/**
 * A load run keeps its first exchanges and its failures; a run of a million requests stays small. The
 * recent ring only has to hold an exchange until its probe has judged the reply (a protocol violation is
 * kept then), which happens before more than `concurrency` others can end: a ring much larger than that
 * keeps every exchange alive long enough to be copied into the old generation.
 */
const RETENTION = { first: 20, failures: 50 } as const;

function retentionFor(concurrency: number): TrafficRetention {
  return { ...RETENTION, recent: Math.max(64, 2 * concurrency) };
}

/** What decides a run given no thresholds: it passes when fewer than 1 % of the requests fail. */
export const defaultThreshold = "errors < 1%";

/**
 * The confirm-target rule on the targets known before anything is sent (the agent URL and --endpoint);
 * throws a usage error naming the rule. The card's endpoint is judged again once the card is read.
 */
export function assertLoadTargets(
  opts: Pick<LoadRunOptions, "config" | "confirmTarget" | "confirmOption">,
): void {
  const flag = opts.confirmOption ?? "--confirm-target";
  const { endpointOverride } = connectionSettings(opts.config);
  const problem =
    confirmTargetProblem(opts.config.agent_url, opts.confirmTarget, "agent URL", flag) ??
    (endpointOverride
      ? confirmTargetProblem(endpointOverride.url, opts.confirmTarget, "endpoint", flag)
      : undefined);
  if (problem) throw usageError(problem);
}

/** What connecting found: the client to load through, or the closed result of a run that cannot go on. */
type Reached = { target: TransportTarget } | { closed: RunResult };

/**
 * Card, endpoint and client through the one connect path. The endpoint the card names is judged by the
 * confirm-target rule (a usage error) and by the outbound policy (an `error` result) before any message.
 */
async function reachEndpoint(opts: LoadRunOptions, ctx: ClientContext, run: RunRecord): Promise<Reached> {
  const { result, finish, emit } = run;
  const { endpointOverride: override, transport: chosen } = connectionSettings(opts.config);
  emit({ type: "card-lookup", agent_url: opts.config.agent_url });
  const agent = await findAgent(opts.config.agent_url, ctx, override);
  result.card = cardSection(agent.discovery, agent.validation, false);
  emit({
    type: "card-read",
    found_at: agent.discovery.found ? agent.discovery.url : null,
    tried: agent.discovery.tried,
    name: agent.validation?.card.name ?? null,
    errors: agent.validation?.errors ?? [],
    warnings: agent.validation?.warnings ?? [],
  });
  if (!agent.validation && !override) {
    const reason =
      "no agent card found, so there is no endpoint to load; give --endpoint URL to load one directly";
    return { closed: finish("error", reason) };
  }
  const transport = defaultTransport({
    ...(chosen ? { transport: chosen } : {}),
    ...(override ? { endpointOverride: override } : {}),
  });
  const endpoint = endpointFor(agent, transport);
  if (!endpoint) return { closed: finish("error", `the card advertises no ${transport} interface to load`) };
  result.endpoint = { url: endpoint.url, transport: endpoint.transport, reason: endpoint.reason };
  const flag = opts.confirmOption ?? "--confirm-target";
  const refused = confirmTargetProblem(endpoint.url, opts.confirmTarget, "endpoint the card names", flag);
  if (refused) throw usageError(refused);
  // A gRPC endpoint may be a bare host:port; the policy judges its address all the same.
  const asUrl = /^[^/]+:\d+$/.test(endpoint.url) ? `http://${endpoint.url}` : endpoint.url;
  const policyProblem = await agentUrlProblem(asUrl, opts.policy);
  if (policyProblem) {
    result.endpoint.refused = policyProblem;
    return { closed: finish("error", policyProblem.replace(/^agent(_url| URL)/, "endpoint")) };
  }
  emit({ type: "connecting", transport });
  const target = await openEndpoint(agent, endpoint, ctx, opts.protocolOverride);
  result.protocol = { card: agent.validation?.card.protocolVersion ?? null, negotiated: target.generation };
  recordNegotiation(result, target.negotiation);
  return { target };
}

/** The load section with its thresholds judged, and the run's status and reason. */
function judge(opts: LoadRunOptions, figures: LoadFigures, traffic: TrafficLog, run: RunRecord): RunResult {
  const { result, finish } = run;
  const thresholds = opts.thresholds.length > 0 ? opts.thresholds : [parseThreshold(defaultThreshold)];
  if (opts.thresholds.length === 0)
    result.warnings.push(`no thresholds given: the default "${defaultThreshold}" decides pass or fail`);
  const load: LoadSection = {
    settings: opts.settings,
    ...figures,
    thresholds: [],
    traffic_kept: {
      kept: traffic.entries().length,
      dropped: traffic.dropped,
      rule: `the first ${RETENTION.first} exchanges and up to ${RETENTION.failures} failures are kept; the rest are counted`,
    },
  };
  load.thresholds = evaluateThresholds(thresholds, load);
  result.load = load;
  if (figures.stopped_by === "interrupted")
    result.warnings.push("the run was interrupted; the figures cover what was sent");
  if (figures.requests.completed === 0) return finish("error", "no request completed: nothing was measured");
  const missed = load.thresholds.filter((o) => !o.passed);
  if (missed.length === 0) return finish("passed");
  const listed = missed.map((o) => `${o.expression} (${actualText(o.actual, o.metric)})`).join("; ");
  return finish("failed", `thresholds missed: ${listed}`);
}

/**
 * Runs one load: the confirm-target rule before any request, the card and endpoint through the one
 * connect path, then the load through the client every other command uses, and the thresholds decide.
 * Throws a usage error for a target the rule refuses; an agent that cannot be reached or read is an
 * `error` result.
 */
export async function runLoad(opts: LoadRunOptions): Promise<RunResult> {
  assertLoadTargets(opts);
  const traffic = new TrafficLog({
    secrets: opts.secrets ?? [],
    retention: retentionFor(opts.settings.concurrency),
  });
  const run = beginRun({
    kind: "load",
    agentUrl: opts.config.agent_url,
    traffic,
    secrets: opts.secrets ?? [],
    ...(opts.name ? { name: opts.name } : {}),
    ...(opts.source ? { source: opts.source } : {}),
    onEvent: opts.onEvent,
  });
  const urlProblem = await agentUrlProblem(opts.config.agent_url, opts.policy);
  if (urlProblem) return run.finish("error", urlProblem);
  const ctx: ClientContext = {
    headers: opts.config.headers,
    timeoutMs: opts.settings.timeout_ms,
    policy: opts.policy,
    traffic,
    // A cancel or Ctrl-C ends the requests in flight too, not only the sending of new ones.
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
  const reached = await reachEndpoint(opts, ctx, run);
  if ("closed" in reached) return reached.closed;
  const { client } = reached.target;
  try {
    const figures = await runLoadEngine({
      client,
      settings: opts.settings,
      statusOf: (id) => traffic.find(id)?.status,
      keepTraffic: (id) => traffic.keep(id),
      ...(opts.clock ? { clock: opts.clock } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      onTick: (tick) => run.emit({ type: "load-tick", tick }),
    });
    return judge(opts, figures, traffic, run);
  } finally {
    client.close();
  }
}

function actualText(actual: number | null, metric: string): string {
  if (actual === null) return "not measured";
  if (metric === "errors") return `${Math.round(actual * 10_000) / 100} %`;
  if (metric === "rps" || metric.startsWith("drift")) return String(actual);
  return `${actual} ms`;
}
