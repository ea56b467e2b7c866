import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../db/connect.js";
import type { Sql } from "../db/schema.js";
import type { StoredRunStatus } from "../../model/run-status.js";
import { changed, now, runHeadColumns, type RunHeadRow, type RunRow, type RunSummaryRow } from "./rows.js";

/** Moves a queued run to running on `worker`, counting the attempt; false when it was not queued. */
async function claimQueued(q: Sql, id: string, worker: string): Promise<boolean> {
  const at = now();
  const result = await q
    .updateTable("runs")
    .set((eb) => ({
      status: "running",
      started_at: at,
      heartbeat_at: at,
      worker,
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "=", id)
    .where("status", "=", "queued")
    .executeTakeFirst();
  return changed(result);
}

/** What a run's end writes: its final state, its result, when, and its progress when given. */
function ending(outcome: {
  status: StoredRunStatus;
  result: string;
  progress?: readonly string[] | undefined;
}) {
  return {
    status: outcome.status,
    result: outcome.result,
    finished_at: now(),
    ...(outcome.progress ? { progress: JSON.stringify(outcome.progress) } : {}),
  };
}

/** Runs: queued, claimed by one executor, kept alive by heartbeats, finished once, or requeued. */
export class RunStore {
  private readonly sql: Sql;

  constructor(private readonly db: Db) {
    this.sql = db.sql;
  }

  listRuns(testId: string): Promise<RunSummaryRow[]> {
    return this.sql
      .selectFrom("runs")
      .select(["id", "test_id", "status", "created_at", "started_at", "finished_at"])
      .where("test_id", "=", testId)
      .orderBy("created_at", "desc")
      .execute();
  }
  /** The newest run of each test, for test lists (one query however many tests). */
  async latestRuns(testIds: readonly string[]): Promise<Map<string, RunSummaryRow>> {
    if (testIds.length === 0) return new Map();
    const rows = await this.sql
      .selectFrom("runs")
      .select(["id", "test_id", "status", "created_at", "started_at", "finished_at"])
      .where("test_id", "in", testIds)
      .orderBy("created_at", "asc")
      .execute();
    return new Map(rows.map((r) => [r.test_id, r]));
  }
  run(id: string): Promise<RunRow | undefined> {
    return this.sql.selectFrom("runs").selectAll().where("id", "=", id).executeTakeFirst();
  }
  /** A run without its result text: a small read, for checking whether a served result is still current. */
  runHead(id: string): Promise<RunHeadRow | undefined> {
    return this.sql.selectFrom("runs").select(runHeadColumns).where("id", "=", id).executeTakeFirst();
  }
  async createRun(testId: string, place: { projectId: string; agentHost: string }): Promise<RunRow> {
    const row: RunRow = {
      id: randomUUID(),
      test_id: testId,
      status: "queued",
      created_at: now(),
      started_at: null,
      finished_at: null,
      progress: "[]",
      result: null,
      project_id: place.projectId,
      agent_host: place.agentHost,
      attempts: 0,
      worker: null,
      heartbeat_at: null,
    };
    await this.sql.insertInto("runs").values(row).execute();
    return row;
  }
  /**
   * Claims a queued run for one executor: true only for the one caller that moved it from queued to
   * running, so a run delivered twice is executed (and stored) once.
   */
  claimRun(id: string, worker: string): Promise<boolean> {
    return claimQueued(this.sql, id, worker);
  }
  /**
   * Claims a queued run when its agent host and its project have a free slot, counting the runs every
   * executor holds. On PostgreSQL, advisory locks (host first, then project, in every claimer) make
   * the count and the claim one step for all workers.
   */
  async claimRunWithin(
    id: string,
    worker: string,
    limits: { perAgentHost: number; perProject: number },
  ): Promise<"claimed" | "full" | "gone"> {
    return this.sql.transaction().execute(async (trx) => {
      const run = await trx
        .selectFrom("runs")
        .select(["status", "agent_host", "project_id"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!run || run.status !== "queued") return "gone";
      if (this.db.dialect === "postgres") {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${"host:" + run.agent_host}))`.execute(trx);
        await sql`SELECT pg_advisory_xact_lock(hashtext(${"project:" + run.project_id}))`.execute(trx);
      }
      const count = async (column: "agent_host" | "project_id", value: string) => {
        const row = await trx
          .selectFrom("runs")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .where("status", "=", "running")
          .where(column, "=", value)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      };
      if ((await count("agent_host", run.agent_host)) >= limits.perAgentHost) return "full";
      if ((await count("project_id", run.project_id)) >= limits.perProject) return "full";
      return (await claimQueued(trx, id, worker)) ? "claimed" : "gone";
    });
  }
  /**
   * Records that the executor of a run is alive, with its progress so far (so any server can show it);
   * false when the run is no longer this executor's (canceled, or taken over).
   */
  async heartbeat(id: string, worker: string, progress: readonly string[]): Promise<boolean> {
    const result = await this.sql
      .updateTable("runs")
      .set({ heartbeat_at: now(), progress: JSON.stringify(progress) })
      .where("id", "=", id)
      .where("worker", "=", worker)
      .where("status", "=", "running")
      .executeTakeFirst();
    return changed(result);
  }
  /** How many runs wait for the same agent host as this one (how long a run offered too early should wait). */
  async queuedForSameHost(id: string): Promise<number> {
    const row = await this.sql
      .selectFrom("runs")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("status", "=", "queued")
      .where("agent_host", "=", (eb) =>
        eb.selectFrom("runs as r").select("r.agent_host").where("r.id", "=", id),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  /** Running runs whose executor has not been heard from since `before` (ISO time). */
  silentRuns(before: string): Promise<RunRow[]> {
    return this.sql
      .selectFrom("runs")
      .selectAll()
      .where("status", "=", "running")
      .where("heartbeat_at", "<", before)
      .execute();
  }
  /**
   * Stores a run's outcome, once: only while it is still running on this executor (a canceled run, or
   * one another executor took over, keeps what it has). False when nothing was stored.
   */
  async finishRun(
    id: string,
    worker: string,
    outcome: { status: StoredRunStatus; result: string; progress: readonly string[] },
  ): Promise<boolean> {
    const result = await this.sql
      .updateTable("runs")
      .set(ending(outcome))
      .where("id", "=", id)
      .where("status", "=", "running")
      .where("worker", "=", worker)
      .executeTakeFirst();
    return changed(result);
  }
  /** Ends a queued or running run with a final state and result (cancel, interruption); false when it had finished. */
  /** The queued or running runs of a project, a module or a test: what deleting it must stop first. */
  async unfinishedRunIds(
    under: { projectId: string } | { moduleId: string } | { testId: string },
  ): Promise<string[]> {
    let query = this.sql
      .selectFrom("runs")
      .select("runs.id")
      .where("runs.status", "in", ["queued", "running"]);
    if ("projectId" in under) query = query.where("runs.project_id", "=", under.projectId);
    else if ("testId" in under) query = query.where("runs.test_id", "=", under.testId);
    else
      query = query.where("runs.test_id", "in", (eb) =>
        eb.selectFrom("tests").select("tests.id").where("tests.module_id", "=", under.moduleId),
      );
    return (await query.execute()).map((r) => r.id);
  }
  async endUnfinishedRun(
    id: string,
    outcome: { status: StoredRunStatus; result: string; progress?: readonly string[] },
  ): Promise<boolean> {
    const result = await this.sql
      .updateTable("runs")
      .set(ending(outcome))
      .where("id", "=", id)
      .where("status", "in", ["queued", "running"])
      .executeTakeFirst();
    return changed(result);
  }
  /**
   * Puts a running run back in the queue: its executor died before the retry limit, or (`handedBack`)
   * stopped on purpose, which does not count as an attempt.
   */
  async requeueRun(id: string, worker: string, { handedBack = false } = {}): Promise<boolean> {
    const result = await this.sql
      .updateTable("runs")
      .set((eb) => ({
        status: "queued",
        worker: null,
        started_at: null,
        heartbeat_at: null,
        progress: "[]",
        attempts: handedBack ? eb("attempts", "-", 1) : eb.ref("attempts"),
      }))
      .where("id", "=", id)
      .where("status", "=", "running")
      .where("worker", "=", worker)
      .executeTakeFirst();
    return changed(result);
  }
  /** Runs in one state, oldest first (restart recovery, the scheduler). */
  runsIn(status: StoredRunStatus): Promise<RunRow[]> {
    return this.sql
      .selectFrom("runs")
      .selectAll()
      .where("status", "=", status)
      .orderBy("created_at")
      .execute();
  }
}
