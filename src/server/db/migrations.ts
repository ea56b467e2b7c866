import { sql, type Kysely } from "kysely";
import type { Dialect, Tables } from "./schema.js";

interface Migration {
  version: number;
  name: string;
  /** Portable SQL statements (SQLite and PostgreSQL), run in order in one transaction. */
  statements: readonly string[];
}

const runsColumns = `
  id TEXT PRIMARY KEY,
  test_id TEXT NOT NULL REFERENCES tests(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('queued','running','passed','failed','error','canceled')),
  created_at TEXT NOT NULL, started_at TEXT, finished_at TEXT,
  progress TEXT NOT NULL DEFAULT '[]', result TEXT,
  project_id TEXT NOT NULL DEFAULT '', agent_host TEXT NOT NULL DEFAULT '',
  attempts INTEGER NOT NULL DEFAULT 0, worker TEXT, heartbeat_at TEXT`;

/**
 * Numbered schema migrations, applied in order at start and recorded in `schema_migrations`.
 * Append only: a released migration is never edited, a change is a new number.
 */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "projects, modules, tests, runs, secrets",
    statements: [
      `CREATE TABLE projects (
        id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL)`,
      `CREATE TABLE modules (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL, created_at TEXT NOT NULL, UNIQUE (project_id, name))`,
      `CREATE TABLE tests (
        id TEXT PRIMARY KEY,
        module_id TEXT NOT NULL REFERENCES modules(id) ON DELETE CASCADE,
        name TEXT NOT NULL, definition TEXT NOT NULL, warnings TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL)`,
      `CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        test_id TEXT NOT NULL REFERENCES tests(id) ON DELETE CASCADE,
        status TEXT NOT NULL CHECK (status IN ('queued','running','passed','failed','error')),
        created_at TEXT NOT NULL, started_at TEXT, finished_at TEXT,
        progress TEXT NOT NULL DEFAULT '[]', result TEXT)`,
      `CREATE INDEX runs_by_test ON runs (test_id, created_at)`,
      `CREATE TABLE secrets (
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL, value TEXT NOT NULL, updated_at TEXT NOT NULL,
        PRIMARY KEY (project_id, name))`,
    ],
  },
  {
    // SQLite cannot change a CHECK constraint in place, so the table is rebuilt (the same way on both).
    version: 2,
    name: "runs: canceled state; project, agent host, attempts and executor for the scheduler",
    statements: [
      `CREATE TABLE runs_v2 (${runsColumns})`,
      `INSERT INTO runs_v2 (id, test_id, status, created_at, started_at, finished_at, progress, result, project_id)
        SELECT r.id, r.test_id, r.status, r.created_at, r.started_at, r.finished_at, r.progress, r.result,
          COALESCE((SELECT m.project_id FROM tests t JOIN modules m ON m.id = t.module_id WHERE t.id = r.test_id), '')
        FROM runs r`,
      `DROP TABLE runs`,
      `ALTER TABLE runs_v2 RENAME TO runs`,
      `CREATE INDEX runs_by_test ON runs (test_id, created_at)`,
      `CREATE INDEX runs_by_status ON runs (status, created_at)`,
    ],
  },
];

/** The newest schema version this build knows. */
export const schemaVersion = MIGRATIONS.at(-1)?.version ?? 0;

/**
 * Brings the schema up to date in one transaction. On PostgreSQL an advisory lock makes the servers and
 * workers that start together apply each migration once.
 */
export async function applyMigrations(db: Kysely<Tables>, dialect: Dialect): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    if (dialect === "postgres") await sql`SELECT pg_advisory_xact_lock(727001)`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`.execute(trx);
    const rows = await trx.selectFrom("schema_migrations").select("version").execute();
    const done = new Set(rows.map((r) => Number(r.version)));
    const newest = Math.max(0, ...done);
    if (newest > schemaVersion) {
      throw new Error(
        `the database has schema version ${newest}, newer than this Plainwright knows (${schemaVersion}); upgrade Plainwright`,
      );
    }
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      for (const statement of m.statements) await sql.raw(statement).execute(trx);
      await trx
        .insertInto("schema_migrations")
        .values({ version: m.version, name: m.name, applied_at: new Date().toISOString() })
        .execute();
      applied.push(m.version);
    }
    return applied;
  });
}
