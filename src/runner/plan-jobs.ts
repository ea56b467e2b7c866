import type { CheckContext, CheckDefinition } from "../checks/types.js";
import type { Job } from "./check-schedule.js";
import type { TransportTarget } from "./connect.js";
import type { ConnectedSide } from "./connect-sides.js";
import type { GenerationSide } from "./generation-sides.js";
import type { ConformanceConfig } from "./kinds/options.js";

// Which checks the suite runs where: each side's checks on its bindings, numbered in plan order.

/** The jobs of one side: each binding check on each binding, each agent-wide check once if it judges the card. */
function selectJobs(
  catalogue: readonly CheckDefinition[],
  contexts: readonly CheckContext[],
  opts: Pick<ConformanceConfig, "categories" | "levels">,
  judgesCard: boolean,
): Array<Omit<Job, "index">> {
  const wanted = catalogue.filter(
    (c) =>
      (!opts.categories || opts.categories.includes(c.category)) &&
      (!opts.levels || opts.levels.includes(c.level)),
  );
  const [first] = contexts;
  if (!first) return [];
  return wanted.flatMap((check) =>
    check.scope === "agent"
      ? judgesCard
        ? [{ check, ctx: first }]
        : []
      : contexts.map((ctx) => ({ check, ctx })),
  );
}

/**
 * The plan: each side's jobs (its checks on its bindings), numbered in order. With several sides each job
 * names its generation, which its finding then carries.
 */
export function planJobs(
  connected: readonly ConnectedSide[],
  chosen: readonly CheckDefinition[],
  config: ConformanceConfig,
  contextsOf: (side: GenerationSide, targets: readonly TransportTarget[]) => CheckContext[],
): Job[] {
  const several = connected.length > 1;
  return connected
    .flatMap(({ side, targets, echoes }) => {
      const contexts = contextsOf(side, targets);
      const echoed = new Set(contexts.filter((_, i) => echoes.has(targets[i] as TransportTarget)));
      return selectJobs(chosen, contexts, config, side.judgesCard)
        .filter((job) => !echoed.has(job.ctx) || job.check.category === "card")
        .map((job) => ({ ...job, ...(several && side.generation ? { generation: side.generation } : {}) }));
    })
    .map((job, index) => ({ ...job, index }));
}
