/**
 * The statuses of a run the server stores (docs/api.md). Kept apart from the zod contract of api.ts so that the
 * web app can read them without bundling zod.
 */

/** The statuses of a stored run that has not ended: it will change again. */
export const unfinishedRunStatuses = ["queued", "running"] as const;

/** Every status a stored run can have; canceled: stopped by POST /api/runs/{id}/cancel before it finished. */
export const storedRunStatuses = [...unfinishedRunStatuses, "passed", "failed", "error", "canceled"] as const;
export type StoredRunStatus = (typeof storedRunStatuses)[number];

/** Whether a stored run has ended (its status will not change again). */
export function isFinished(status: string): boolean {
  return !(unfinishedRunStatuses as readonly string[]).includes(status);
}
