import { randomUUID } from "node:crypto";
import type { Statement } from "better-sqlite3";
import type { Db } from "./db.js";

export type RunState = "queued" | "running" | "passed" | "failed" | "error";

export interface ProjectRow {
  id: string;
  name: string;
  created_at: string;
}
export interface ModuleRow {
  id: string;
  project_id: string;
  name: string;
  created_at: string;
}
export interface TestRow {
  id: string;
  module_id: string;
  name: string;
  /** The test JSON as submitted (the A2A test manual format), serialised. */
  definition: string;
  warnings: string;
  created_at: string;
}
export interface RunRow {
  id: string;
  test_id: string;
  status: RunState;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  progress: string;
  /** The RunResult JSON text, stored as produced so reads need no re-serialising. */
  result: string | null;
}

const now = () => new Date().toISOString();

/** Every query the server makes, as prepared statements over one SQLite connection. */
export class Store {
  readonly #statements = new Map<string, Statement>();

  constructor(readonly db: Db) {}

  /** A prepared statement, compiled once per SQL text (reads of big runs stay fast). */
  #q(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  listProjects(): ProjectRow[] {
    return this.#q("SELECT * FROM projects ORDER BY created_at, name").all() as ProjectRow[];
  }
  project(id: string): ProjectRow | undefined {
    return this.#q("SELECT * FROM projects WHERE id = ?").get(id) as ProjectRow | undefined;
  }
  projectByName(name: string): ProjectRow | undefined {
    return this.#q("SELECT * FROM projects WHERE name = ?").get(name) as ProjectRow | undefined;
  }
  createProject(name: string): ProjectRow {
    const row = { id: randomUUID(), name, created_at: now() };
    this.#q("INSERT INTO projects (id, name, created_at) VALUES (@id, @name, @created_at)").run(row);
    return row;
  }

  listModules(projectId: string): ModuleRow[] {
    return this.#q("SELECT * FROM modules WHERE project_id = ? ORDER BY created_at, name").all(
      projectId,
    ) as ModuleRow[];
  }
  module(id: string): ModuleRow | undefined {
    return this.#q("SELECT * FROM modules WHERE id = ?").get(id) as ModuleRow | undefined;
  }
  moduleByName(projectId: string, name: string): ModuleRow | undefined {
    return this.#q("SELECT * FROM modules WHERE project_id = ? AND name = ?").get(projectId, name) as
      ModuleRow | undefined;
  }
  createModule(projectId: string, name: string): ModuleRow {
    const row = { id: randomUUID(), project_id: projectId, name, created_at: now() };
    this.#q(
      "INSERT INTO modules (id, project_id, name, created_at) VALUES (@id, @project_id, @name, @created_at)",
    ).run(row);
    return row;
  }

  listTests(moduleId: string): TestRow[] {
    return this.#q("SELECT * FROM tests WHERE module_id = ? ORDER BY created_at, name").all(
      moduleId,
    ) as TestRow[];
  }
  test(id: string): TestRow | undefined {
    return this.#q("SELECT * FROM tests WHERE id = ?").get(id) as TestRow | undefined;
  }
  createTest(moduleId: string, name: string, definition: unknown, warnings: string[]): TestRow {
    const row: TestRow = {
      id: randomUUID(),
      module_id: moduleId,
      name,
      definition: JSON.stringify(definition),
      warnings: JSON.stringify(warnings),
      created_at: now(),
    };
    this.#q(
      `INSERT INTO tests (id, module_id, name, definition, warnings, created_at)
         VALUES (@id, @module_id, @name, @definition, @warnings, @created_at)`,
    ).run(row);
    return row;
  }
  /** Deletes a test and (by cascade) its runs; false when there was no such test. */
  deleteTest(id: string): boolean {
    return this.#q("DELETE FROM tests WHERE id = ?").run(id).changes > 0;
  }
  /** The project a test belongs to, for its secrets. */
  projectOfTest(testId: string): string | undefined {
    const row = this.#q(
      "SELECT m.project_id AS id FROM tests t JOIN modules m ON m.id = t.module_id WHERE t.id = ?",
    ).get(testId) as { id: string } | undefined;
    return row?.id;
  }

  listRuns(testId: string): Omit<RunRow, "result" | "progress">[] {
    return this.#q(
      `SELECT id, test_id, status, created_at, started_at, finished_at FROM runs
         WHERE test_id = ? ORDER BY created_at DESC`,
    ).all(testId) as Omit<RunRow, "result" | "progress">[];
  }
  run(id: string): RunRow | undefined {
    return this.#q("SELECT * FROM runs WHERE id = ?").get(id) as RunRow | undefined;
  }
  createRun(testId: string): RunRow {
    const row: RunRow = {
      id: randomUUID(),
      test_id: testId,
      status: "queued",
      created_at: now(),
      started_at: null,
      finished_at: null,
      progress: "[]",
      result: null,
    };
    this.#q(
      `INSERT INTO runs (id, test_id, status, created_at, progress)
         VALUES (@id, @test_id, @status, @created_at, @progress)`,
    ).run(row);
    return row;
  }
  markRunning(id: string): void {
    this.#q("UPDATE runs SET status = 'running', started_at = ? WHERE id = ?").run(now(), id);
  }
  finishRun(id: string, status: RunState, result: string, progress: readonly string[]): void {
    this.#q("UPDATE runs SET status = ?, result = ?, progress = ?, finished_at = ? WHERE id = ?").run(
      status,
      result,
      JSON.stringify(progress),
      now(),
      id,
    );
  }
  /** Runs left queued or running by a previous process (it stopped before they finished). */
  unfinishedRuns(): RunRow[] {
    return this.#q("SELECT * FROM runs WHERE status IN ('queued', 'running')").all() as RunRow[];
  }

  secretNames(projectId: string): { name: string; updated_at: string }[] {
    return this.#q("SELECT name, updated_at FROM secrets WHERE project_id = ? ORDER BY name").all(
      projectId,
    ) as { name: string; updated_at: string }[];
  }
  /** Secret values: only ever handed to the runner and the redactor, never to a response. */
  secretValues(projectId: string): Record<string, string> {
    const rows = this.#q("SELECT name, value FROM secrets WHERE project_id = ?").all(projectId) as {
      name: string;
      value: string;
    }[];
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  }
  putSecret(projectId: string, name: string, value: string): { name: string; updated_at: string } {
    const updated_at = now();
    this.#q(
      `INSERT INTO secrets (project_id, name, value, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (project_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    ).run(projectId, name, value, updated_at);
    return { name, updated_at };
  }
  deleteSecret(projectId: string, name: string): boolean {
    return this.#q("DELETE FROM secrets WHERE project_id = ? AND name = ?").run(projectId, name).changes > 0;
  }
}
