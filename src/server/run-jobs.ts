import { sql, type Kysely } from "kysely";
import PgBoss from "pg-boss";
import type { Tables } from "./db/schema.js";

/** The pg-boss queue that carries run ids from `serve` (and `submit`) to the workers. */
export const RUN_QUEUE = "plainwright-runs";

export interface RunJob {
  id: string;
  runId: string;
}

/**
 * The job queue on PostgreSQL (pg-boss 10). A job only carries a run id; the runs table says what is
 * left to do, so a job delivered twice, or one left by a dead worker, never runs a run twice.
 */
export class RunJobs {
  private constructor(private readonly boss: PgBoss) {}

  static async open(url: string): Promise<RunJobs> {
    const boss = new PgBoss({ connectionString: url, max: 4, schedule: false });
    // Maintenance errors are retried by pg-boss itself; they must not crash the process.
    boss.on("error", (error) => process.stderr.write(`queue: ${error.message}\n`));
    await boss.start();
    if (!(await boss.getQueue(RUN_QUEUE))) {
      try {
        // Runs are retried by the workers' own rule (heartbeats), so pg-boss never retries a job.
        await boss.createQueue(RUN_QUEUE, { name: RUN_QUEUE, retryLimit: 0, expireInSeconds: 6 * 3600 });
      } catch (error) {
        if (!(await boss.getQueue(RUN_QUEUE))) throw error; // another process created it meanwhile: fine
      }
    }
    return new RunJobs(boss);
  }

  /** Queues a run; `afterSeconds` delays it (a run whose agent host had no free slot). */
  async send(runId: string, afterSeconds = 0): Promise<void> {
    await this.boss.send(RUN_QUEUE, { run_id: runId }, afterSeconds > 0 ? { startAfter: afterSeconds } : {});
  }

  async fetch(count: number): Promise<RunJob[]> {
    const jobs = await this.boss.fetch<{ run_id: string }>(RUN_QUEUE, { batchSize: count });
    return jobs.map((job) => ({ id: job.id, runId: job.data.run_id }));
  }

  async complete(jobId: string): Promise<void> {
    await this.boss.complete(RUN_QUEUE, jobId);
  }

  async close(): Promise<void> {
    await this.boss.stop({ graceful: false, wait: true, timeout: 2000 });
  }
}

/**
 * Queued runs older than `before` with no live job: a server that stopped between storing a run and
 * queuing it leaves one. pg-boss keeps its jobs in the `pgboss` schema of the same database.
 */
export async function orphanedRuns(db: Kysely<Tables>, before: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT r.id FROM runs r
    WHERE r.status = 'queued' AND r.created_at < ${before}
      AND NOT EXISTS (
        SELECT 1 FROM pgboss.job j
        WHERE j.name = ${RUN_QUEUE} AND j.data->>'run_id' = r.id AND j.state IN ('created', 'retry', 'active'))
    ORDER BY r.created_at LIMIT 100`.execute(db);
  return rows.map((r) => r.id);
}
