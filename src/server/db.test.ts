import { statSync } from "node:fs";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./db/connect.js";
import { schemaVersion } from "./db/migrations.js";
import { tempDir } from "./testing/harness.js";

describe("database", () => {
  it("applies numbered migrations once, records them, and keeps the file private", async () => {
    const tmp = tempDir();
    try {
      const db = await openDatabase(tmp.db);
      const versions = await db.sql
        .selectFrom("schema_migrations")
        .select("version")
        .orderBy("version")
        .execute();
      expect(versions.map((v) => v.version)).toEqual(Array.from({ length: schemaVersion }, (_, i) => i + 1));
      await db.close();
      const again = await openDatabase(tmp.db);
      const count = await again.sql.selectFrom("schema_migrations").select("version").execute();
      expect(count).toHaveLength(schemaVersion);
      await again.close();
      expect(statSync(tmp.db).mode & 0o077).toBe(0);
    } finally {
      tmp.remove();
    }
  });

  it("upgrades a version 1 database and keeps its runs, with the project filled in", async () => {
    const tmp = tempDir();
    try {
      const old = new Database(tmp.db);
      old.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL);
        INSERT INTO schema_migrations VALUES (1, 'v1', '');
        CREATE TABLE projects (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL);
        CREATE TABLE modules (id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
          name TEXT NOT NULL, created_at TEXT NOT NULL, UNIQUE (project_id, name));
        CREATE TABLE tests (id TEXT PRIMARY KEY, module_id TEXT NOT NULL REFERENCES modules(id) ON DELETE CASCADE,
          name TEXT NOT NULL, definition TEXT NOT NULL, warnings TEXT NOT NULL DEFAULT '[]', created_at TEXT NOT NULL);
        CREATE TABLE runs (id TEXT PRIMARY KEY, test_id TEXT NOT NULL REFERENCES tests(id) ON DELETE CASCADE,
          status TEXT NOT NULL CHECK (status IN ('queued','running','passed','failed','error')),
          created_at TEXT NOT NULL, started_at TEXT, finished_at TEXT, progress TEXT NOT NULL DEFAULT '[]', result TEXT);
        CREATE TABLE secrets (project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
          name TEXT NOT NULL, value TEXT NOT NULL, updated_at TEXT NOT NULL, PRIMARY KEY (project_id, name));
        INSERT INTO projects VALUES ('p', 'P', '1');
        INSERT INTO modules VALUES ('m', 'p', 'M', '1');
        INSERT INTO tests VALUES ('t', 'm', 'T', '{}', '[]', '1');
        INSERT INTO runs (id, test_id, status, created_at, result) VALUES ('r', 't', 'passed', '1', '{"status":"passed"}');`);
      old.close();
      const db = await openDatabase(tmp.db);
      const run = await db.sql.selectFrom("runs").selectAll().executeTakeFirstOrThrow();
      expect(run).toMatchObject({
        id: "r",
        status: "passed",
        project_id: "p",
        attempts: 0,
        result: '{"status":"passed"}',
      });
      await db.close();
    } finally {
      tmp.remove();
    }
  });

  it("refuses a database written by a newer Plainwright", async () => {
    const tmp = tempDir();
    try {
      const db = await openDatabase(tmp.db);
      await db.sql
        .insertInto("schema_migrations")
        .values({ version: schemaVersion + 1, name: "future", applied_at: "" })
        .execute();
      await db.close();
      await expect(openDatabase(tmp.db)).rejects.toThrow(/newer than this Plainwright knows/);
    } finally {
      tmp.remove();
    }
  });
});
