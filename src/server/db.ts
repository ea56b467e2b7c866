/** The database: one schema and one query layer (Kysely) over SQLite (the default) or PostgreSQL. */
export { hidePassword, isPostgresUrl, openDatabase, type Db, type Dialect } from "./db/connect.js";
export { schemaVersion } from "./db/migrations.js";
export type { RunState } from "./db/schema.js";
