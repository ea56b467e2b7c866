import type { Sql } from "../db/schema.js";
import { changed, now } from "./rows.js";

/** A project's secrets: names for anyone, values only for the runner and the redactor. */
export class SecretStore {
  constructor(private readonly sql: Sql) {}

  async secretNames(projectId: string): Promise<{ name: string; updated_at: string }[]> {
    return this.sql
      .selectFrom("secrets")
      .select(["name", "updated_at"])
      .where("project_id", "=", projectId)
      .orderBy("name")
      .execute();
  }
  /** Secret values: only ever handed to the runner and the redactor, never to a response. */
  async secretValues(projectId: string): Promise<Record<string, string>> {
    const rows = await this.sql
      .selectFrom("secrets")
      .select(["name", "value"])
      .where("project_id", "=", projectId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  }
  async putSecret(
    projectId: string,
    name: string,
    value: string,
  ): Promise<{ name: string; updated_at: string }> {
    const updated_at = now();
    await this.sql
      .insertInto("secrets")
      .values({ project_id: projectId, name, value, updated_at })
      .onConflict((oc) =>
        oc.columns(["project_id", "name"]).doUpdateSet((eb) => ({
          value: eb.ref("excluded.value"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
    return { name, updated_at };
  }
  async deleteSecret(projectId: string, name: string): Promise<boolean> {
    const result = await this.sql
      .deleteFrom("secrets")
      .where("project_id", "=", projectId)
      .where("name", "=", name)
      .executeTakeFirst();
    return changed(result);
  }
}
