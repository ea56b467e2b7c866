import { credentialsIn } from "./credential-headers.js";
import { cardLocations, type FoundCard } from "../card/discover.js";
import type { Jwk } from "../card/jws.js";
import { validateCard } from "../card/validate.js";
import { catalogue as defaultCatalogue } from "../checks/index.js";
import { CARD_OWNER_ID, withoutCardFinding } from "../checks/execute.js";
import { conformanceLevel, conformanceScore, conformanceSummary } from "../checks/level.js";
import type { CheckCategory } from "../model/finding.js";
import type { CheckDefinition, CheckLevel, OtherCaller } from "../checks/types.js";
import { interruptedBeforeVerdict, isProblem, type Finding } from "../model/finding.js";
import type { ClientContext } from "../client/types.js";
import type { RunEventSink } from "../model/events.js";
import type { RunResult } from "../model/result.js";
import { parseTransport, transportFlagOf } from "../model/transport.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { ProtocolGeneration } from "../model/generation.js";
import type { Transport } from "../model/transport.js";
import { planJobs } from "./plan-jobs.js";
import { runJobs } from "./run-jobs.js";
import { checksMatching } from "./check-selection.js";
import { buildContexts, ordinaryMessage } from "./conformance-setup.js";
import { nothingAnswersAt, type TransportTarget } from "./connect.js";
import { withoutRoutelessInterfaces } from "./routeless.js";
import { connectSides, type ConnectedSide } from "./connect-sides.js";
import { cardAsWireReads, generationSides, recordCardAsWireReads } from "./generation-sides.js";
import { connectPeer } from "./peer.js";
import type { EndpointOverride } from "./endpoint-override.js";
import type { ConformanceConfig } from "./kinds/options.js";
import type { RunRequest } from "./kinds/define.js";
import { recordEndpoint, type Reached } from "./reach.js";
import { WorkPace } from "./work-pace.js";
import type { Run } from "./run.js";

export interface ConformanceOptions {
  agentUrl: string;
  headers: Record<string, string>;
  query?: Record<string, string>;
  credentialsGiven?: boolean;
  /** Per request, and each check's own budget. */
  timeoutMs: number;
  policy: OutboundPolicy;
  secrets?: string[];
  transports?: Transport[];
  categories?: CheckCategory[];
  levels?: CheckLevel[];
  peerUrl?: string;
  /** Other callers (--identity): the first runs the task-scope checks as a second caller. */
  identities?: readonly OtherCaller[];
  hints?: Record<string, string>;
  /** Public keys for the card's signatures (--card-key), tried before any jku. */
  cardKeys?: readonly Jwk[];
  protocolOverride?: ProtocolGeneration;
  /** --endpoint: tested whatever the card says; without a card the suite runs against it. */
  endpointOverride?: EndpointOverride;
  /** Checks run concurrently up to this many (docs/conformance.md: the suite must be fast). */
  concurrency?: number;
  /** The test's name and file when it came from one. */
  name?: string;
  source?: string;
  /** What happens as it happens: connecting, each check started and finished. */
  onEvent?: RunEventSink;
  catalogue?: readonly CheckDefinition[];
  /** Aborts the suite's requests (cancel, deadline). */
  signal?: AbortSignal;
}

/** The check that owns a card that is not available at all, and the one TCK requirement that judges. */
const CARD_OWNER = {
  id: CARD_OWNER_ID,
  tck: ["CARD-DISC-001"],
  recommendation:
    "Serve the agent card at /.well-known/agent-card.json (A2A 0.3 §5.3, 1.0.1 §8.2), or give the URL of the card itself if it lives elsewhere.",
} as const;

/**
 * The findings of a run that found no card although the agent answered (an unreachable agent is an error
 * of the run, not this): card.required-fields fails, as 1.0.1 §8.1 says A2A servers MUST make an Agent
 * Card available, if the run's selection (categories, levels, grep) includes it. No other check can run.
 */
export function missingCardFindings(missing: string, request: RunRequest<ConformanceConfig>): Finding[] {
  const { config } = request;
  const owner = checksMatching(request.catalogue ?? defaultCatalogue, config).find(
    (c) => c.id === CARD_OWNER.id,
  );
  const chosen =
    owner &&
    (!config.categories || config.categories.includes(owner.category)) &&
    (!config.levels || config.levels.includes(owner.level));
  if (!chosen) return [];
  const message = `${missing} (A2A 1.0.1 §8.1: the card MUST be available)`;
  return [withoutCardFinding(owner, { ...CARD_OWNER, message })];
}

/** The second caller of the task-scope checks: the first identity given (one is all they need). */
function otherCallerOf(
  identities: readonly OtherCaller[] | undefined,
  warnings: string[],
): { otherCaller?: OtherCaller } {
  const [first, ...rest] = identities ?? [];
  if (first && rest.length > 0)
    warnings.push(
      `${rest.length + 1} identities given; the task-scope checks use the first, "${first.name}"`,
    );
  return first ? { otherCaller: first } : {};
}

/** The conformance suite through the one Run (kinds/conformance.ts); one result with findings. */
export async function runConformance(opts: ConformanceOptions): Promise<RunResult> {
  const { executeRun } = await import("./execute-run.js");
  const { conformanceKind } = await import("./kinds/conformance.js");
  const override = opts.endpointOverride;
  const request: RunRequest<ConformanceConfig> = {
    config: {
      agent_url: opts.agentUrl,
      headers: opts.headers,
      timeout_s: opts.timeoutMs / 1000,
      ...(override ? { endpoint: `${override.url}@${transportFlagOf(override.transport)}` } : {}),
      ...(opts.hints ? { hints: opts.hints } : {}),
      ...(opts.transports ? { transports: opts.transports.map(transportFlagOf) } : {}),
      ...(opts.categories ? { categories: opts.categories } : {}),
      ...(opts.levels ? { levels: opts.levels } : {}),
      ...(opts.peerUrl ? { peer_url: opts.peerUrl } : {}),
      ...(opts.identities ? { identities: [...opts.identities] } : {}),
    },
    policy: opts.policy,
    ...(opts.secrets ? { secrets: opts.secrets } : {}),
    ...(opts.query ? { query: opts.query } : {}),
    ...(opts.credentialsGiven !== undefined ? { credentialsGiven: opts.credentialsGiven } : {}),
    ...(opts.cardKeys ? { cardKeys: opts.cardKeys } : {}),
    ...(opts.protocolOverride ? { protocolOverride: opts.protocolOverride } : {}),
    ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
    ...(opts.catalogue ? { catalogue: opts.catalogue } : {}),
    ...(opts.name ? { name: opts.name } : {}),
    ...(opts.source ? { source: opts.source } : {}),
    ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
  return executeRun(conformanceKind, request);
}

/** The card as found, or (tested through --endpoint without one) a null card at the first place looked. */
function foundOrNone(discovery: Reached["agent"]["discovery"], agentUrl: string): FoundCard {
  if (discovery.found) return discovery;
  const url = cardLocations(agentUrl)[0] ?? agentUrl;
  return { found: true, url, card: null, tried: discovery.tried, headers: {} };
}

/** The suite itself, once the card is read: every binding connected, the checks scheduled, the verdict. */
export async function runSuite(
  run: Run,
  reached: Reached,
  request: RunRequest<ConformanceConfig>,
): Promise<RunResult> {
  const { result, emit } = run;
  const { config } = request;
  const pace = new WorkPace(reached.ctx.timeoutMs, config.hints?.["slow"] !== undefined);
  const clientContext: ClientContext = { ...reached.ctx, messageStreamQuietMs: pace.quietLimitMs };
  const paced: Reached = { ...reached, ctx: clientContext };
  const { agent } = paced;
  // With --endpoint and no card, the card checks see the missing card as an empty one and say what is missing.
  const validation = agent.validation ?? validateCard(null);
  const discovery = foundOrNone(agent.discovery, config.agent_url);
  const wanted = config.transports?.map((t) => parseTransport(t) as Transport);
  const { sides, notes } = await generationSides(agent, clientContext, request.protocolOverride);
  result.warnings.push(...notes);
  const { connected, routeless } = await withoutRoutelessInterfaces(
    await connectSides(run, paced, sides, wanted, request.protocolOverride),
    ordinaryMessage(validation),
    result.warnings,
  );
  const targets = connected.flatMap((c) => c.targets);
  if (targets.length === 0)
    return run.finish(
      "error",
      `the card advertises none of the requested bindings (${(config.transports ?? []).join(", ") || "any"})`,
    );
  // Nothing answers at any interface: no agent there to judge (one that is down among others is a finding).
  const nobody = targets.map(nothingAnswersAt);
  if (nobody.every((why) => why !== undefined)) {
    for (const target of targets) target.client.close();
    return run.finish("error", nobody.join("; "));
  }
  recordWire(result, agent, connected, targets[0] as TransportTarget);
  const { peer, error: peerError } = await connectPeer(config.peer_url, clientContext);
  if (peerError) return run.finish("error", peerError);
  const shared = {
    agentUrl: config.agent_url,
    clientContext,
    credentialsGiven: request.credentialsGiven ?? credentialsIn(config.headers),
    hints: { ...config.hints },
    ...(request.cardKeys ? { cardKeys: request.cardKeys } : {}),
    checkTimeoutMs: clientContext.timeoutMs,
    onTaskTimed: pace.timed,
    ...(peer ? { peer } : {}),
    ...otherCallerOf(config.identities, result.warnings),
    ...(routeless.length > 0 ? { routeless } : {}),
  };
  const chosen = checksMatching(request.catalogue ?? defaultCatalogue, config);
  if (chosen.length === 0)
    return run.finish("error", "grep and grep_invert leave no check of the catalogue to run");
  const jobs = planJobs(connected, chosen, config, (side, sideTargets) =>
    buildContexts({
      ...shared,
      discovery: side.agent.discovery.found ? side.agent.discovery : discovery,
      validation:
        cardAsWireReads(
          side.agent,
          sideTargets.map((t) => t.generation),
        ) ??
        side.agent.validation ??
        validation,
      targets: sideTargets,
      ...(side.judgesCard ? {} : { cardJudgedElsewhere: true }),
    }),
  );
  emit({ type: "checks-planned", count: jobs.length, transports: targets.map((t) => t.transport) });
  const findings = await runJobs(jobs, discovery.url, clientContext, request, run);
  result.findings = findings;
  result.warnings.push(...(await everyTaskFailed(jobs.map((j) => j.ctx.fixtures))));
  for (const t of targets) t.client.close();
  return run.finish(
    ...verdict(
      result,
      findings,
      jobs.map((j) => j.check),
    ),
  );
}

/**
 * A warning when every task the suite followed to an end failed (seen at first sight: an agent that read a
 * member no version has, so each message ended "failed" on empty input): the checks then judged failure paths
 * only, which a passing finding does not show. None otherwise.
 */
async function everyTaskFailed(fixtures: ReadonlyArray<{ endings(): Promise<string[]> }>): Promise<string[]> {
  const endings = (await Promise.all([...new Set(fixtures)].map((f) => f.endings()))).flat();
  if (endings.length === 0 || endings.some((e) => e !== "failed")) return [];
  return [
    `every task the suite's messages made ended failed (${endings.length}): the checks judged the agent's failure path only; if it needs input of its own form, give it with --hint message="..."`,
  ];
}

/** What the wire said: the endpoint and generation tested first, every generation tested, the card as read. */
function recordWire(
  result: RunResult,
  agent: Reached["agent"],
  connected: readonly ConnectedSide[],
  first: TransportTarget,
): void {
  recordEndpoint(
    result,
    { ...first.endpoint, transport: first.transport },
    agent.validation?.card.protocolVersion ?? null,
    first.generation,
  );
  if (connected.length > 1 && result.protocol)
    result.protocol.generations = connected.map((c) => c.side.generation as ProtocolGeneration);
  recordCardAsWireReads(result, connected);
}

function verdict(
  result: RunResult,
  findings: readonly Finding[],
  checks: readonly CheckDefinition[],
): [RunResult["status"], string?] {
  const notRun = findings.filter((f) => interruptedBeforeVerdict(f.message)).length;
  // docs/conformance.md 5.2: a level is a claim about every check that applies; an interrupted run has none to make.
  if (notRun === 0) result.conformance_level = conformanceLevel(findings, checks);
  result.conformance_summary = conformanceSummary(findings);
  result.scores.conformance = conformanceScore(findings);
  const broken = findings.filter(isProblem);
  const mustBroken = broken.filter((f) => f.level === "MUST");
  const level =
    notRun > 0 ? `level incomplete (${notRun} not run, interrupted)` : `level ${result.conformance_level}`;
  if (broken.length === 0) return notRun > 0 ? ["error", `the run was interrupted: ${level}`] : ["passed"];
  const firstBroken = (mustBroken[0] ?? broken[0]) as Finding;
  const summary = `${broken.length} check${broken.length === 1 ? "" : "s"} failed (${mustBroken.length} MUST), ${level}: ${firstBroken.id}: ${firstBroken.message}`;
  return mustBroken.length > 0 ? ["failed", summary] : [notRun > 0 ? "error" : "passed", summary];
}
