import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { Db } from "./db.js";
import type { ModulesTable, ProjectsTable, RunState, RunsTable, Sql, TestsTable } from "./db/schema.js";

export type { RunState } from "./db/schema.js";
export type ProjectRow = Selectable<ProjectsTable>;
export type ModuleRow = Selectable<ModulesTable>;
export type TestRow = Selectable<TestsTable>;
export type RunRow = Selectable<RunsTable>;
export type RunSummaryRow = Pick<
  RunRow,
  "id" | "test_id" | "status" | "created_at" | "started_at" | "finished_at"
>;

const now = () => new Date().toISOString();
const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined) =>
  Number(result?.numUpdatedRows ?? result?.numDeletedRows ?? 0n) > 0;

/** Every query the server and the workers make, over one query builder for SQLite and PostgreSQL. */
export class Store {
  readonly sql: Sql;

  constructor(readonly db: Db) {
    this.sql = db.sql;
  }

  listProjects(): Promise<ProjectRow[]> {
    return this.sql.selectFrom("projects").selectAll().orderBy("created_at").orderBy("name").execute();
  }
  project(id: string): Promise<ProjectRow | undefined> {
    return this.sql.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
  }
  projectByName(name: string): Promise<ProjectRow | undefined> {
    return this.sql.selectFrom("projects").selectAll().where("name", "=", name).executeTakeFirst();
  }
  async createProject(name: string): Promise<ProjectRow> {
    const row = { id: randomUUID(), name, created_at: now() };
    await this.sql.insertInto("projects").values(row).execute();
    return row;
  }
  /** Renames a project; undefined when there is no such project. */
  async renameProject(id: string, name: string): Promise<ProjectRow | undefined> {
    await this.sql.updateTable("projects").set({ name }).where("id", "=", id).execute();
    return this.project(id);
  }
  /** Deletes a project with its modules, tests, runs and secrets; false when there was none. */
  async deleteProject(id: string): Promise<boolean> {
    return changed(await this.sql.deleteFrom("projects").where("id", "=", id).executeTakeFirst());
  }

  listModules(projectId: string): Promise<ModuleRow[]> {
    return this.sql
      .selectFrom("modules")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("created_at")
      .orderBy("name")
      .execute();
  }
  module(id: string): Promise<ModuleRow | undefined> {
    return this.sql.selectFrom("modules").selectAll().where("id", "=", id).executeTakeFirst();
  }
  moduleByName(projectId: string, name: string): Promise<ModuleRow | undefined> {
    return this.sql
      .selectFrom("modules")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("name", "=", name)
      .executeTakeFirst();
  }
  async createModule(projectId: string, name: string): Promise<ModuleRow> {
    const row = { id: randomUUID(), project_id: projectId, name, created_at: now() };
    await this.sql.insertInto("modules").values(row).execute();
    return row;
  }
  async renameModule(id: string, name: string): Promise<ModuleRow | undefined> {
    await this.sql.updateTable("modules").set({ name }).where("id", "=", id).execute();
    return this.module(id);
  }
  /** Deletes a module with its tests and runs; false when there was none. */
  async deleteModule(id: string): Promise<boolean> {
    return changed(await this.sql.deleteFrom("modules").where("id", "=", id).executeTakeFirst());
  }

  listTests(moduleId: string): Promise<TestRow[]> {
    return this.sql
      .selectFrom("tests")
      .selectAll()
      .where("module_id", "=", moduleId)
      .orderBy("created_at")
      .orderBy("name")
      .execute();
  }
  test(id: string): Promise<TestRow | undefined> {
    return this.sql.selectFrom("tests").selectAll().where("id", "=", id).executeTakeFirst();
  }
  async createTest(
    moduleId: string,
    name: string,
    definition: unknown,
    warnings: string[],
  ): Promise<TestRow> {
    const row: TestRow = {
      id: randomUUID(),
      module_id: moduleId,
      name,
      definition: JSON.stringify(definition),
      warnings: JSON.stringify(warnings),
      created_at: now(),
    };
    await this.sql.insertInto("tests").values(row).execute();
    return row;
  }
  /** Replaces a test's definition (and module); undefined when there is no such test. */
  async updateTest(
    id: string,
    change: { moduleId: string; name: string; definition: unknown; warnings: string[] },
  ): Promise<TestRow | undefined> {
    await this.sql
      .updateTable("tests")
      .set({
        module_id: change.moduleId,
        name: change.name,
        definition: JSON.stringify(change.definition),
        warnings: JSON.stringify(change.warnings),
      })
      .where("id", "=", id)
      .execute();
    return this.test(id);
  }
  /** Deletes a test and (by cascade) its runs; false when there was no such test. */
  async deleteTest(id: string): Promise<boolean> {
    return changed(await this.sql.deleteFrom("tests").where("id", "=", id).executeTakeFirst());
  }
  /** The project a test belongs to, for its secrets. */
  async projectOfTest(testId: string): Promise<string | undefined> {
    const row = await this.sql
      .selectFrom("tests")
      .innerJoin("modules", "modules.id", "tests.module_id")
      .select("modules.project_id")
      .where("tests.id", "=", testId)
      .executeTakeFirst();
    return row?.project_id;
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
  async claimRun(id: string, worker: string): Promise<boolean> {
    const at = now();
    const result = await this.sql
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
      const at = now();
      const claimed = await trx
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
      return changed(claimed) ? "claimed" : "gone";
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
    outcome: { status: RunState; result: string; progress: readonly string[] },
  ): Promise<boolean> {
    const result = await this.sql
      .updateTable("runs")
      .set({
        status: outcome.status,
        result: outcome.result,
        progress: JSON.stringify(outcome.progress),
        finished_at: now(),
      })
      .where("id", "=", id)
      .where("status", "=", "running")
      .where("worker", "=", worker)
      .executeTakeFirst();
    return changed(result);
  }
  /** Ends a queued or running run with a final state and result (cancel, interruption); false when it had finished. */
  async endUnfinishedRun(
    id: string,
    outcome: { status: RunState; result: string; progress?: readonly string[] },
  ): Promise<boolean> {
    const result = await this.sql
      .updateTable("runs")
      .set({
        status: outcome.status,
        result: outcome.result,
        finished_at: now(),
        ...(outcome.progress ? { progress: JSON.stringify(outcome.progress) } : {}),
      })
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
  runsIn(status: RunState): Promise<RunRow[]> {
    return this.sql
      .selectFrom("runs")
      .selectAll()
      .where("status", "=", status)
      .orderBy("created_at")
      .execute();
  }

  async secretNames(projectId: string): Promise<{ name: string; updated_at: string }[]> {
    return this.sql
      .selectFrom("secrets")
      .select(["name", "updated_at"])
      .where("project_id", "=", projectId)
      .orderBy("name")
      .execute();
  }
  /** Secret values: only ever handed to the runner and the redactor, never to a response. */
  async secretValues(projectId: string): Promise<Record<string, string>> {
    const rows = await this.sql
      .selectFrom("secrets")
      .select(["name", "value"])
      .where("project_id", "=", projectId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  }
  async putSecret(
    projectId: string,
    name: string,
    value: string,
  ): Promise<{ name: string; updated_at: string }> {
    const updated_at = now();
    await this.sql
      .insertInto("secrets")
      .values({ project_id: projectId, name, value, updated_at })
      .onConflict((oc) =>
        oc.columns(["project_id", "name"]).doUpdateSet((eb) => ({
          value: eb.ref("excluded.value"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
    return { name, updated_at };
  }
  async deleteSecret(projectId: string, name: string): Promise<boolean> {
    const result = await this.sql
      .deleteFrom("secrets")
      .where("project_id", "=", projectId)
      .where("name", "=", name)
      .executeTakeFirst();
    return changed(result);
  }
}
