import type { CheckContext, CheckDefinition } from "../checks/types.js";
import type { Finding } from "../model/finding.js";
import type { ProtocolGeneration } from "../model/generation.js";

// How the conformance suite orders its checks: each starts as soon as the checks it depends on have
// finished, with bounded concurrency, and a check left without input names the check that failed.

export interface Job {
  check: CheckDefinition;
  ctx: CheckContext;
  /** The job's place in the plan, and its finding's place in the result. */
  index: number;
  /** Set when the suite tests several generations of the agent: the one this job judges. */
  generation?: ProtocolGeneration;
}

/**
 * The jobs a job waits for: those of the checks it depends on, on its binding (its own context) or
 * agent-wide on the card it read (each generation an agent serves may have a card of its own).
 */
function prerequisites(job: Job, jobs: readonly Job[]): Job[] {
  const deps = job.check.dependsOn ?? [];
  return jobs.filter(
    (other) =>
      other !== job &&
      deps.includes(other.check.id) &&
      (other.check.scope === "agent" ? other.ctx.validation === job.ctx.validation : other.ctx === job.ctx),
  );
}

/** A job's place in the run's phases (CheckDefinition.phase): ordinary checks, then late ones, then the last. */
const phaseRank = (job: Job): number => (job.check.phase === "last" ? 2 : job.check.phase === "late" ? 1 : 0);

/** The jobs a job waits for before it starts: its prerequisites, and every job of an earlier phase. */
function awaited(job: Job, jobs: readonly Job[]): Job[] {
  const deps = prerequisites(job, jobs);
  const rank = phaseRank(job);
  const before = jobs.filter((o) => phaseRank(o) < rank);
  return before.length > 0 ? [...new Set([...deps, ...before])] : deps;
}

/**
 * Runs jobs with bounded concurrency, each as soon as the jobs it depends on have finished (not in
 * layers: one slow check holds back only its own dependents). Ready jobs start in plan order; a check
 * of a later phase (CheckDefinition.phase) waits for every job of the phases before it.
 */
export function runScheduled(
  jobs: readonly Job[],
  limit: number,
  run: (job: Job) => Promise<Finding>,
): Promise<Map<Job, Finding>> {
  const results = new Map<Job, Finding>();
  const waitsFor = new Map(jobs.map((job) => [job, awaited(job, jobs)]));
  const waiting = new Set(jobs);
  let running = 0;
  return new Promise((resolve) => {
    const start = (job: Job): void => {
      waiting.delete(job);
      running++;
      void run(job).then((finding) => {
        results.set(job, finding);
        running--;
        if (results.size === jobs.length) resolve(results);
        else startReady();
      });
    };
    const startReady = (): void => {
      for (const job of waiting) {
        if (running >= limit) break;
        if ((waitsFor.get(job) ?? []).every((dep) => results.has(dep))) start(job);
      }
      // A dependency cycle (a catalogue mistake) must not hang the run: its first job starts anyway.
      const [stuck] = waiting;
      if (running === 0 && stuck) start(stuck);
    };
    if (jobs.length === 0) resolve(results);
    else startReady();
  });
}

/**
 * The check that left a job without input, if any: a prerequisite (on its binding, or agent-wide) that
 * failed with a blocking verdict, or the check that in turn left that prerequisite without input. The
 * name is always of a check that failed, never of one that was itself not run.
 */
export function blockingFailure(
  job: Job,
  jobs: readonly Job[],
  blockedBy: ReadonlyMap<Job, string>,
): string | undefined {
  for (const dep of prerequisites(job, jobs)) {
    const root = blockedBy.get(dep);
    if (root) return root;
  }
  return undefined;
}
