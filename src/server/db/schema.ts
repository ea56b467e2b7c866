import type { ColumnType, Kysely } from "kysely";
import type { StoredRunStatus } from "../../model/run-status.js";

/** A column the database fills in when an insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface ProjectsTable {
  id: string;
  name: string;
  created_at: string;
}
export interface ModulesTable {
  id: string;
  project_id: string;
  name: string;
  created_at: string;
}
export interface TestsTable {
  id: string;
  module_id: string;
  name: string;
  /** The test JSON as submitted (the format of docs/test-files.md), serialised. */
  definition: string;
  warnings: Defaulted<string>;
  created_at: string;
}
export interface RunsTable {
  id: string;
  test_id: string;
  status: StoredRunStatus;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  progress: Defaulted<string>;
  /** The RunResult JSON text, stored as produced so reads need no re-serialising. */
  result: string | null;
  /** The project, for the per-project slot limit. */
  project_id: Defaulted<string>;
  /** host:port of the agent URL, for the per-agent-host slot limit ("" when unknown). */
  agent_host: Defaulted<string>;
  /** How many times a process started executing it (a worker that died counts). */
  attempts: Defaulted<number>;
  /** Who executes it now: "serve:<pid>" or a worker's id; null while queued. */
  worker: string | null;
  /** Last sign of life from that executor (ISO time). */
  heartbeat_at: string | null;
}
export interface SecretsTable {
  project_id: string;
  name: string;
  value: string;
  updated_at: string;
}
export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}

/** The whole schema, the same in SQLite and PostgreSQL. */
export interface Tables {
  projects: ProjectsTable;
  modules: ModulesTable;
  tests: TestsTable;
  runs: RunsTable;
  secrets: SecretsTable;
  schema_migrations: SchemaMigrationsTable;
}

export type Sql = Kysely<Tables>;

/** The two databases the server runs on. */
export type Dialect = "sqlite" | "postgres";
