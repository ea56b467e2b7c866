import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openDatabase, schemaVersion } from "./db.js";
import { tempDir } from "./testing/harness.js";

describe("database", () => {
  it("applies numbered migrations once, records them, and keeps the file private", () => {
    const tmp = tempDir();
    try {
      const db = openDatabase(tmp.db);
      const versions = () => db.prepare("SELECT version FROM schema_migrations ORDER BY version").all();
      expect(versions()).toEqual([{ version: schemaVersion }]);
      db.close();
      const again = openDatabase(tmp.db);
      expect(again.prepare("SELECT COUNT(*) AS n FROM schema_migrations").get()).toEqual({ n: 1 });
      again.close();
      expect(statSync(tmp.db).mode & 0o077).toBe(0);
    } finally {
      tmp.remove();
    }
  });

  it("refuses a database written by a newer Plainwright", () => {
    const tmp = tempDir();
    try {
      const db = openDatabase(tmp.db);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'future', '')").run(
        schemaVersion + 1,
      );
      db.close();
      expect(() => openDatabase(tmp.db)).toThrow(/newer than this Plainwright knows/);
    } finally {
      tmp.remove();
    }
  });
});
