import { sql, type Kysely } from "kysely";
import pg from "pg";
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
    await ensureRunQueue(boss, url);
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
 * Creates the run queue once across every process that starts at the same time. pg-boss 10's
 * `create_queue` takes no lock of its own and attaches a partition to the job table, which two serve
 * processes starting at once have been seen to deadlock on; so the creation is serialised by a session
 * advisory lock held on a connection of its own (closing it releases the lock), and a creation that
 * still loses a deadlock to other work on the job table (pg-boss's maintenance) is tried again.
 */
async function ensureRunQueue(boss: PgBoss, url: string): Promise<void> {
  if (await boss.getQueue(RUN_QUEUE)) return;
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext($1))", [`plainwright.create-queue.${RUN_QUEUE}`]);
    for (let attempt = 1; ; attempt++) {
      if (await boss.getQueue(RUN_QUEUE)) return;
      try {
        // Runs are retried by the workers' own rule (heartbeats), so pg-boss never retries a job.
        await boss.createQueue(RUN_QUEUE, { name: RUN_QUEUE, retryLimit: 0, expireInSeconds: 6 * 3600 });
        return;
      } catch (error) {
        if (!isTransientConflict(error) || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await lock.end();
  }
}

/** PostgreSQL's deadlock and serialization failures: the transaction was rolled back and may simply run again. */
function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40P01" || code === "40001";
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
