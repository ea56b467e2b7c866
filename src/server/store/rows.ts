import type { Selectable } from "kysely";
import type { ModulesTable, ProjectsTable, RunsTable, TestsTable } from "../db/schema.js";

export type ProjectRow = Selectable<ProjectsTable>;
export type ModuleRow = Selectable<ModulesTable>;
export type TestRow = Selectable<TestsTable>;
export type RunRow = Selectable<RunsTable>;
export type RunSummaryRow = Pick<
  RunRow,
  "id" | "test_id" | "status" | "created_at" | "started_at" | "finished_at"
>;

export const runHeadColumns = [
  "id",
  "test_id",
  "status",
  "created_at",
  "started_at",
  "finished_at",
  "attempts",
  "progress",
] as const;
/** What GET /api/runs/{id} shows of a run besides its result. */
export type RunHeadRow = Pick<RunRow, (typeof runHeadColumns)[number]>;

/** The time as stored: an ISO string, which sorts as it reads on both dialects. */
export const now = (): string => new Date().toISOString();

/** Whether an update or delete touched a row. */
export const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined): boolean =>
  Number(result?.numUpdatedRows ?? result?.numDeletedRows ?? 0n) > 0;
