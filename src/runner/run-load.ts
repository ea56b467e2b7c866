import { confirmTargetProblem } from "../load/confirm-target.js";
import { runLoadEngine, type LoadFigures } from "../load/run-load-engine.js";
import { evaluateThresholds, parseThreshold } from "../load/thresholds.js";
import type { LoadSection } from "../model/load.js";
import type { RunResult } from "../model/result.js";
import type { TrafficLog } from "../net/traffic.js";
import type { TransportTarget } from "./connect.js";
import { usageError } from "./errors.js";
import type { RunRequest } from "./kinds/define.js";
import type { LoadPlan } from "./kinds/load.js";
import { confirmOptionOf, loadRetention } from "./load-rules.js";
import type { LoadConfig } from "../load/settings.js";
import { chooseEndpoint, openRunEndpoint, type Reached } from "./reach.js";
import type { Run } from "./run.js";

/** What a load run is given: a run request with config.load (docs/load.md). */
export type LoadRunOptions = RunRequest<{ load?: LoadConfig | undefined }>;

/** What decides a run given no thresholds: it passes when fewer than 1 % of the requests fail. */
export const defaultThreshold = "errors < 1%";

/** Runs one load through the one Run (kinds/load.ts); a target the confirm-target rule refuses throws a usage error. */
export async function runLoad(opts: LoadRunOptions): Promise<RunResult> {
  const { executeRun } = await import("./execute-run.js");
  const { loadKind } = await import("./kinds/load.js");
  return executeRun(loadKind, opts);
}

/**
 * The endpoint the card names, judged by the confirm-target rule (a usage error) and the outbound policy,
 * then the client of the one connect path; undefined when the run was closed.
 */
async function reachEndpoint(
  run: Run,
  reached: Reached,
  request: LoadRunOptions,
): Promise<TransportTarget | undefined> {
  const endpoint = await chooseEndpoint(run, reached, request.policy);
  if (!endpoint) return undefined;
  const option = confirmOptionOf(request);
  const refused = confirmTargetProblem(
    endpoint.url,
    request.config.load?.confirm_target,
    "endpoint the card names",
    option,
  );
  if (refused) throw usageError(refused);
  run.emit({ type: "connecting", transport: reached.transport });
  return openRunEndpoint(run, reached, endpoint, request.protocolOverride);
}

/** The load section with its thresholds judged, and the run's status and reason. */
function judge(run: Run, plan: LoadPlan, figures: LoadFigures, traffic: TrafficLog): RunResult {
  const { result } = run;
  const thresholds = plan.thresholds.length > 0 ? plan.thresholds : [parseThreshold(defaultThreshold)];
  if (plan.thresholds.length === 0)
    result.warnings.push(`no thresholds given: the default "${defaultThreshold}" decides pass or fail`);
  const load: LoadSection = {
    settings: plan.settings,
    ...figures,
    thresholds: [],
    traffic_kept: {
      kept: traffic.entries().length,
      dropped: traffic.dropped,
      rule: `the first ${loadRetention.first} exchanges and up to ${loadRetention.failures} failures are kept; the rest are counted`,
    },
  };
  load.thresholds = evaluateThresholds(thresholds, load);
  result.load = load;
  const interrupted = figures.stopped_by === "interrupted";
  if (interrupted) result.warnings.push("the run was interrupted; the figures cover what was sent");
  if (figures.requests.completed === 0)
    return run.finish("error", "no request completed: nothing was measured");
  const missed = load.thresholds.filter((o) => !o.passed);
  // A load cut short did not carry the load it was asked to: it is never passed, whatever its figures.
  if (missed.length === 0 && interrupted)
    return run.finish("error", "the run was interrupted: the thresholds held for what was sent");
  if (missed.length === 0) return run.finish("passed");
  const listed = missed.map((o) => `${o.expression} (${actualText(o.actual, o.metric)})`).join("; ");
  return run.finish("failed", `thresholds missed: ${listed}`);
}

/** The load itself, once the agent is reached: the engine through the run's client, then the thresholds. */
export async function loadAgent(
  run: Run,
  reached: Reached,
  request: LoadRunOptions,
  plan: LoadPlan,
): Promise<RunResult> {
  // A 429 is a result to count under load, not a limit to wait out (src/net/rate-limit.ts).
  const { rateLimit: _waitedOut, ...ctx } = reached.ctx;
  const target = await reachEndpoint(run, { ...reached, ctx }, request);
  if (!target) return run.finished!;
  const { client } = target;
  const { traffic } = run;
  try {
    const figures = await runLoadEngine({
      client,
      settings: plan.settings,
      statusOf: (id) => traffic.find(id)?.status,
      keepTraffic: (id) => traffic.keep(id),
      ...(request.clock ? { clock: request.clock } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
      onTick: (tick) => run.emit({ type: "load-tick", tick }),
    });
    return judge(run, plan, figures, traffic);
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
