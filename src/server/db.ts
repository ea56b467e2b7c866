import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

export type Db = Database.Database;

interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Numbered schema migrations, applied in order at start and recorded in `schema_migrations`.
 * Append only: a released migration is never edited, a change is a new number.
 */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "projects, modules, tests, runs, secrets",
    sql: `
      CREATE TABLE projects (
        id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL);
      CREATE TABLE modules (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL, created_at TEXT NOT NULL, UNIQUE (project_id, name));
      CREATE TABLE tests (
        id TEXT PRIMARY KEY,
        module_id TEXT NOT NULL REFERENCES modules(id) ON DELETE CASCADE,
        name TEXT NOT NULL, definition TEXT NOT NULL, warnings TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL);
      CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        test_id TEXT NOT NULL REFERENCES tests(id) ON DELETE CASCADE,
        status TEXT NOT NULL CHECK (status IN ('queued','running','passed','failed','error')),
        created_at TEXT NOT NULL, started_at TEXT, finished_at TEXT,
        progress TEXT NOT NULL DEFAULT '[]', result TEXT);
      CREATE INDEX runs_by_test ON runs (test_id, created_at);
      CREATE TABLE secrets (
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL, value TEXT NOT NULL, updated_at TEXT NOT NULL,
        PRIMARY KEY (project_id, name));
    `,
  },
];

/** The newest schema version this build knows. */
export const schemaVersion = MIGRATIONS.at(-1)?.version ?? 0;

function applyMigrations(db: Db): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const done = new Set(
    (db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[]).map(
      (r) => r.version,
    ),
  );
  const newer = [...done].filter((v) => v > schemaVersion);
  if (newer.length > 0) {
    throw new Error(
      `the database has schema version ${Math.max(...newer)}, newer than this Plainwright knows (${schemaVersion}); upgrade Plainwright`,
    );
  }
  const applied: number[] = [];
  const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
    })();
    applied.push(m.version);
  }
  return applied;
}

/** Opens (creating when needed) the SQLite file and brings its schema up to date. */
export function openDatabase(file: string): Db {
  const fresh = file !== ":memory:" && !existsSync(file);
  if (fresh) mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const db = new Database(file);
  // Secrets live in this file: keep it private to the user who runs the server.
  if (fresh) chmodSync(file, 0o600);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 2000");
  applyMigrations(db);
  return db;
}
