import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { configError } from "../../runner/errors.js";
import { applyMigrations } from "./migrations.js";
import type { Dialect, Tables } from "./schema.js";

/** One open database: the query builder over it, which engine it is, and how to close it. */
export interface Db {
  sql: Kysely<Tables>;
  dialect: Dialect;
  /** Where it is, for messages (a file, or a postgres URL without its password). */
  label: string;
  /** The connection string for PostgreSQL (pg-boss and LISTEN/NOTIFY open their own connections). */
  url?: string;
  close(): Promise<void>;
}

/** Whether a --db value names a PostgreSQL server rather than a SQLite file. */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

/** A postgres URL with its password hidden, for logs and messages. */
export function hidePassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://…";
  }
}

function openSqlite(file: string): Db {
  const fresh = file !== ":memory:" && !existsSync(file);
  if (fresh) mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const database = new Database(file);
  // Secrets live in this file: keep it private to the user who runs the server.
  if (fresh) chmodSync(file, 0o600);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 2000");
  const sql = new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
  return { sql, dialect: "sqlite", label: file, close: () => sql.destroy() };
}

function openPostgres(url: string, poolSize: number): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server emits "error"; the next query reports it, so it must not crash us.
  pool.on("error", () => undefined);
  const sql = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return { sql, dialect: "postgres", label: hidePassword(url), url, close: () => sql.destroy() };
}

/**
 * Opens the database a --db value names (a SQLite file, created with its folder when missing, or a
 * postgres:// URL) and brings its schema up to date.
 */
export async function openDatabase(target: string, opts: { poolSize?: number } = {}): Promise<Db> {
  const db = isPostgresUrl(target) ? openPostgres(target, opts.poolSize ?? 10) : openSqlite(target);
  try {
    await applyMigrations(db.sql, db.dialect);
  } catch (error) {
    await db.close();
    // A database that cannot be reached or opened (refused, unknown host, wrong password, no such
    // database, a file we may not write) is the environment: one line naming it, credentials hidden.
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string")
      throw configError(`cannot open the database ${db.label}: ${(error as Error).message}`);
    throw error;
  }
  return db;
}
