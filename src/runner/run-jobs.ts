import {
  dependencyFinding,
  executeCheck,
  notRunFinding,
  notStartedFinding,
  skipReason,
} from "../checks/execute.js";
import type { CheckContext, CheckDefinition } from "../checks/types.js";
import type { ClientContext } from "../client/types.js";
import { NOT_RUN_INTERRUPTED, isProblem, type Finding } from "../model/finding.js";
import { conformanceDefaults } from "../model/limits.js";
import { NetError } from "../net/errors.js";
import { httpRequest } from "../net/http.js";
import { blockingFailure, runScheduled, type Job } from "./check-schedule.js";
import { agentDeathFinding, cutOffExchanges, cutOffWithAgent, isSurvivalCheck } from "./agent-died.js";
import { oneTaskAtATimeWarning } from "./one-task-at-a-time.js";
import { settledWithin } from "../checks/support/time-box.js";
import type { RunRequest } from "./kinds/define.js";
import type { Run } from "./run.js";
import type { ConformanceConfig } from "./kinds/options.js";

// Running the planned checks of the suite: scheduled by their dependencies, stopped by an abort, --bail
// or an agent that no longer answers, each check left out saying why.

/** Whether the agent still answers at all: one GET of its card, short timeout, no redirects followed. */
async function agentAlive(cardUrl: string, ctx: ClientContext): Promise<string | undefined> {
  try {
    await httpRequest({
      url: cardUrl,
      timeoutMs: Math.min(ctx.timeoutMs, 3000),
      policy: ctx.policy,
      followRedirects: false,
      label: "health",
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    return undefined;
  } catch (error) {
    if (error instanceof NetError && (error.rule === "connect" || error.rule === "timeout.total"))
      return `the agent stopped answering (${error.message})`;
    return undefined;
  }
}

/**
 * The ordinary message's task of each binding, sent and followed before the checks fan out (at most the
 * check timeout): an agent that works on one task at a time leaves that shared task working for good when
 * the checks' own messages arrive with it (seen at first sight: three checks skipped for want of a finished
 * task, and a time-limit failure, at default concurrency only). Only where lifecycle.send-returns-task runs:
 * a run of the card checks alone sends nothing.
 */
async function settleSharedTasks(jobs: readonly Job[], timeoutMs: number): Promise<void> {
  const sharing = jobs.filter(
    (j) => j.check.id === "lifecycle.send-returns-task" && !skipReason(j.check, j.ctx),
  );
  await Promise.all(sharing.map((j) => settledWithin(j.ctx.fixtures.settledTask(), timeoutMs)));
}

/** Runs the planned checks; after a failure, a dead agent or an abort the rest say why they did not run. */
export async function runJobs(
  jobs: readonly Job[],
  cardUrl: string,
  clientContext: ClientContext,
  request: RunRequest<ConformanceConfig>,
  run: Pick<Run, "emit" | "warn">,
): Promise<Finding[]> {
  const { emit } = run;
  let dead: string | undefined;
  let failures = 0;
  const blockedBy = new Map<Job, string>();
  let limit = request.concurrency ?? request.config.concurrency ?? conformanceDefaults.concurrency;
  if (!request.signal?.aborted) await settleSharedTasks(jobs, clientContext.timeoutMs);
  if (limit > 1 && !request.signal?.aborted) {
    const serial = await oneTaskAtATimeWarning(jobs);
    if (serial) {
      run.warn(serial);
      limit = 1;
    }
  }
  const byJob = await runScheduled(jobs, limit, async (job) => {
    const { check, ctx, index, generation } = job;
    emit({
      type: "check-started",
      index,
      id: check.id,
      transport: ctx.transport,
      ...(generation ? { generation } : {}),
    });
    const judged = await judge(job);
    let finding = generation ? { ...judged, generation } : judged;
    const broken = finding.status === "fail" || finding.status === "error";
    if (!dead && broken) dead ??= await agentAlive(cardUrl, clientContext);
    // A check whose only problem is that the agent had stopped answering was cut off, not judged.
    if (dead && broken && !isSurvivalCheck(check) && cutOffWithAgent(finding.message))
      finding = { ...finding, status: "error", message: `not run: ${dead}; it met: ${finding.message}` };
    if (isProblem(finding) && !finding.message.startsWith("not run:")) failures += 1;
    emit({ type: "check-finished", index, finding });
    return finding;
  });
  async function judge(job: Job): Promise<Finding> {
    const { check, ctx } = job;
    // A check for another generation or an unclaimed capability is not applicable, whatever else happened.
    if (skipReason(check, ctx)) return (await executeCheck(check, ctx)).finding;
    // After Ctrl-C (or a cancel) nothing more is sent: the checks not yet started say so, and are no failure.
    if (request.signal?.aborted)
      return interruptedFinding(check, ctx, "the run was stopped before it started");
    // Run last, it asks whether the agent still answers once an exchange was cut off: an agent that fell
    // with no check left to notice (seen at first sight: the checks after a fatal request were all skipped).
    if (isSurvivalCheck(check) && !dead && cutOffExchanges(clientContext.traffic.entries()).length > 0)
      dead = await agentAlive(cardUrl, clientContext);
    if (dead && isSurvivalCheck(check))
      return agentDeathFinding(notRunFinding(check, ctx, dead), dead, clientContext.traffic.entries());
    if (dead) return notRunFinding(check, ctx, dead);
    const { bail } = request;
    if (bail !== undefined && failures >= bail)
      return notStartedFinding(
        check,
        ctx,
        `--bail ${bail} stopped the run after ${failures} failed check(s)`,
      );
    const root = blockingFailure(job, jobs, blockedBy);
    if (root) {
      blockedBy.set(job, root);
      return dependencyFinding(check, ctx, root);
    }
    const executed = await executeCheck(check, ctx);
    // A check the abort cut short failed on its own cancelled requests: that is no verdict on the agent.
    const { status } = executed.finding;
    if (request.signal?.aborted && (status === "fail" || status === "error"))
      return interruptedFinding(check, ctx, "the run was stopped while it ran");
    if (executed.blocks) blockedBy.set(job, check.id);
    return executed.finding;
  }
  // Reported in catalogue order, whatever order the checks ran in.
  return jobs.map((job) => byJob.get(job) as Finding);
}

function interruptedFinding(check: CheckDefinition, ctx: CheckContext, when: string): Finding {
  return { ...notStartedFinding(check, ctx, when), message: `${NOT_RUN_INTERRUPTED}: ${when}` };
}
