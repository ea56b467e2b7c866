import { skipReason } from "../checks/execute.js";
import { waitForSettled } from "../checks/settled-task.js";
import { settledWithin } from "../checks/support/time-box.js";
import type { CheckContext } from "../checks/types.js";
import { terminalStates, type Task } from "../protocol/model.js";
import type { Job } from "./check-schedule.js";

// An agent that works on one task at a time (it abandons a task when a newer one starts, seen at first sight)
// leaves the checks' own tasks working for good when they arrive together: their checks then skip or fail on
// the suite's concurrency, not on the agent. The spec asks no agent to run tasks side by side, so that is no
// finding: the run finds it out itself and goes one check at a time, and says so.

/** How one of two messages sent together fared: its task ended, stayed working, or told nothing. */
type Fate = { ended: Task } | { stuck: string } | "unknown";

async function fateOf(ctx: CheckContext, budgetMs: number): Promise<Fate> {
  const sent = await ctx.fixtures.send(undefined, true);
  if (!sent.ok || sent.value.kind !== "task") return "unknown";
  const settled = await waitForSettled(ctx.client, sent.value, budgetMs);
  if (settled.ok) return { ended: settled.value };
  return settled.unreadable ? "unknown" : { stuck: sent.value.id };
}

/**
 * Whether the agent of `ctx` works on one task at a time: the shared task, sent alone, ended; of two messages
 * then sent together, one task ended and the other was left working (or its send never came back) for several
 * times what the shared task took. Returns the warning to give, or undefined.
 */
async function oneTaskAtATime(ctx: CheckContext): Promise<string | undefined> {
  const shared = await ctx.fixtures.settledTask();
  if (!shared.ok || !terminalStates.has(shared.value.state)) return undefined;
  // A task over in the very reply that made it ran while its request was served: tasks sent together would
  // each run so, and nothing is left working to abandon. Such an agent costs no probe.
  if (shared.sent && terminalStates.has(shared.sent.state)) return undefined;
  const aloneMs = await ctx.fixtures.slowestTaskMs();
  const budgetMs = Math.min(ctx.timeoutMs / 2, Math.max(2000, 4 * aloneMs));
  const fates = await Promise.all(
    [0, 1].map(async () => (await settledWithin(fateOf(ctx, budgetMs), budgetMs + 1000)) ?? { stuck: "" }),
  );
  const ended = fates.find((f): f is { ended: Task } => typeof f === "object" && "ended" in f);
  const stuck = fates.find((f): f is { stuck: string } => typeof f === "object" && "stuck" in f);
  if (!ended || !stuck) return undefined;
  const left = stuck.stuck ? `task ${stuck.stuck} was still working` : "the other send had not come back";
  return `the agent works on one task at a time: of two messages sent together over ${ctx.transport}, task ${ended.ended.id} ended ${ended.ended.state} and ${left} after ${(budgetMs / 1000).toFixed(1)} s, where the first task, sent alone, took ${(aloneMs / 1000).toFixed(1)} s; the checks ran one at a time (as with --concurrency 1)`;
}

/**
 * The warning for an agent that works on one task at a time, asked of the first binding whose shared task the
 * suite sent (lifecycle.send-returns-task runs there), or undefined.
 */
export async function oneTaskAtATimeWarning(jobs: readonly Job[]): Promise<string | undefined> {
  const sharing = jobs.find(
    (j) => j.check.id === "lifecycle.send-returns-task" && !skipReason(j.check, j.ctx),
  );
  return sharing ? oneTaskAtATime(sharing.ctx) : undefined;
}
