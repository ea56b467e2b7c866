import { randomBytes } from "node:crypto";
import pg from "pg";

/** A postgres:// URL of a throwaway server for tests (.ci/run starts one); tests that need it skip without. */
export const testPgUrl = process.env.PLAINWRIGHT_TEST_PG;

/** A describe title that says why it is skipped when no PostgreSQL is configured. */
export function pgTitle(title: string): string {
  return testPgUrl ? title : `${title} (skipped: set PLAINWRIGHT_TEST_PG to a postgres:// URL)`;
}

/** A new empty database on the test server, for one suite; drop() removes it. */
export async function freshPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!testPgUrl) throw new Error("PLAINWRIGHT_TEST_PG is not set");
  const name = `pw_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testPgUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testPgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: testPgUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
