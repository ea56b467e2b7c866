/** The database: one schema and one query layer (Kysely) over SQLite (the default) or PostgreSQL. */
