import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_QUEUE, RunJobs } from "./run-jobs.js";
import { freshPgDatabase, pgTitle, testPgUrl } from "./testing/postgres.js";

describe.skipIf(!testPgUrl)(pgTitle("the run queue on PostgreSQL"), () => {
  let database: Awaited<ReturnType<typeof freshPgDatabase>>;

  beforeAll(async () => {
    database = await freshPgDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  // Several serve and worker processes start together on a fresh database; before the queue's creation
  // was serialised, two of them deadlocked in pg-boss's create_queue and one process exited.
  it("opens from many processes at once on a fresh database: every one opens, the queue exists once", async () => {
    const opened = await Promise.allSettled(Array.from({ length: 8 }, () => RunJobs.open(database.url)));
    const failures = opened.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []));
    await Promise.all(opened.flatMap((o) => (o.status === "fulfilled" ? [o.value.close()] : [])));
    expect(failures).toEqual([]);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pgboss.queue WHERE name = $1",
        [RUN_QUEUE],
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await client.end();
    }
  });

  it("carries a run id from send to fetch once, and not again after complete", async () => {
    const jobs = await RunJobs.open(database.url);
    try {
      await jobs.send("run-1");
      const [job, ...rest] = await jobs.fetch(5);
      expect(rest).toEqual([]);
      expect(job?.runId).toBe("run-1");
      await jobs.complete(job!.id);
      expect(await jobs.fetch(5)).toEqual([]);
    } finally {
      await jobs.close();
    }
  });
});
