import type { Db } from "./db/connect.js";
import type { Sql } from "./db/schema.js";
import { CatalogStore } from "./store/catalog.js";
import { RunStore } from "./store/runs.js";
import { SecretStore } from "./store/secrets.js";

/** Every query the server and the workers make, over one query builder for SQLite and PostgreSQL. */
export class Store {
  readonly sql: Sql;
  readonly catalog: CatalogStore;
  readonly runs: RunStore;
  readonly secrets: SecretStore;

  constructor(readonly db: Db) {
    this.sql = db.sql;
    this.catalog = new CatalogStore(db.sql);
    this.runs = new RunStore(db);
    this.secrets = new SecretStore(db.sql);
  }
}
