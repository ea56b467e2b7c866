import { randomUUID } from "node:crypto";
import type { Sql } from "../db/schema.js";
import { changed, now, type ModuleRow, type ProjectRow, type TestRow } from "./rows.js";

/** The board's catalogue: projects, their modules and the tests in them. Deleting one deletes what it holds. */
export class CatalogStore {
  constructor(private readonly sql: Sql) {}

  listProjects(): Promise<ProjectRow[]> {
    return this.sql.selectFrom("projects").selectAll().orderBy("created_at").orderBy("name").execute();
  }
  project(id: string): Promise<ProjectRow | undefined> {
    return this.sql.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
  }
  projectByName(name: string): Promise<ProjectRow | undefined> {
    return this.sql.selectFrom("projects").selectAll().where("name", "=", name).executeTakeFirst();
  }
  async createProject(name: string): Promise<ProjectRow> {
    const row = { id: randomUUID(), name, created_at: now() };
    await this.sql.insertInto("projects").values(row).execute();
    return row;
  }
  /** Renames a project; undefined when there is no such project. */
  async renameProject(id: string, name: string): Promise<ProjectRow | undefined> {
    await this.sql.updateTable("projects").set({ name }).where("id", "=", id).execute();
    return this.project(id);
  }
  /** Deletes a project with its modules, tests, runs and secrets; false when there was none. */
  async deleteProject(id: string): Promise<boolean> {
    return changed(await this.sql.deleteFrom("projects").where("id", "=", id).executeTakeFirst());
  }

  listModules(projectId: string): Promise<ModuleRow[]> {
    return this.sql
      .selectFrom("modules")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("created_at")
      .orderBy("name")
      .execute();
  }
  module(id: string): Promise<ModuleRow | undefined> {
    return this.sql.selectFrom("modules").selectAll().where("id", "=", id).executeTakeFirst();
  }
  moduleByName(projectId: string, name: string): Promise<ModuleRow | undefined> {
    return this.sql
      .selectFrom("modules")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("name", "=", name)
      .executeTakeFirst();
  }
  async createModule(projectId: string, name: string): Promise<ModuleRow> {
    const row = { id: randomUUID(), project_id: projectId, name, created_at: now() };
    await this.sql.insertInto("modules").values(row).execute();
    return row;
  }
  async renameModule(id: string, name: string): Promise<ModuleRow | undefined> {
    await this.sql.updateTable("modules").set({ name }).where("id", "=", id).execute();
    return this.module(id);
  }
  /** Deletes a module with its tests and runs; false when there was none. */
  async deleteModule(id: string): Promise<boolean> {
    return changed(await this.sql.deleteFrom("modules").where("id", "=", id).executeTakeFirst());
  }

  listTests(moduleId: string): Promise<TestRow[]> {
    return this.sql
      .selectFrom("tests")
      .selectAll()
      .where("module_id", "=", moduleId)
      .orderBy("created_at")
      .orderBy("name")
      .execute();
  }
  test(id: string): Promise<TestRow | undefined> {
    return this.sql.selectFrom("tests").selectAll().where("id", "=", id).executeTakeFirst();
  }
  async createTest(
    moduleId: string,
    name: string,
    definition: unknown,
    warnings: string[],
  ): Promise<TestRow> {
    const row: TestRow = {
      id: randomUUID(),
      module_id: moduleId,
      name,
      definition: JSON.stringify(definition),
      warnings: JSON.stringify(warnings),
      created_at: now(),
    };
    await this.sql.insertInto("tests").values(row).execute();
    return row;
  }
  /** Replaces a test's definition (and module); undefined when there is no such test. */
  async updateTest(
    id: string,
    change: { moduleId: string; name: string; definition: unknown; warnings: string[] },
  ): Promise<TestRow | undefined> {
    await this.sql
      .updateTable("tests")
      .set({
        module_id: change.moduleId,
        name: change.name,
        definition: JSON.stringify(change.definition),
        warnings: JSON.stringify(change.warnings),
      })
      .where("id", "=", id)
      .execute();
    return this.test(id);
  }
  /** Deletes a test and (by cascade) its runs; false when there was no such test. */
  async deleteTest(id: string): Promise<boolean> {
    return changed(await this.sql.deleteFrom("tests").where("id", "=", id).executeTakeFirst());
  }
  /** The project a test belongs to, for its secrets. */
  async projectOfTest(testId: string): Promise<string | undefined> {
    const row = await this.sql
      .selectFrom("tests")
      .innerJoin("modules", "modules.id", "tests.module_id")
      .select("modules.project_id")
      .where("tests.id", "=", testId)
      .executeTakeFirst();
    return row?.project_id;
  }
}
