import type { A2AClient, CallOutcome, ListTasksQuery, TaskPage } from "../../client/types.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { asOtherCaller, credentialRefused, ownTask, refusedVerdict } from "../support/other-caller.js";

/** Pages followed at most: a second caller with thousands of tasks is not what this check is about. */
const MAX_PAGES = 5;

/** Every task id the caller's ListTasks returns for a query, following nextPageToken a few pages. */
async function listedIds(
  client: A2AClient,
  query: ListTasksQuery,
  evidence: string[],
): Promise<{ ids: string[]; first: CallOutcome<TaskPage> }> {
  const ids: string[] = [];
  let first: CallOutcome<TaskPage> | undefined;
  let token = "";
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await client.listTasks({
      ...query,
      pageSize: 100,
      ...(token ? { pageToken: token } : {}),
    });
    evidence.push(...listed.trafficIds);
    first ??= listed;
    if (!listed.ok) break;
    ids.push(...listed.value.tasks.map((t) => t.id));
    token = listed.value.nextPageToken;
    if (!token) break;
  }
  return { ids, first: first as CallOutcome<TaskPage> };
}

export default defineCheck({
  id: "auth.list-scoped",
  title: "Another caller's ListTasks does not list the run's task",
  category: "auth",
  level: "MUST",
  requirement:
    "ListTasks returns only tasks visible to the authenticated caller: a second caller (--identity) listing all its tasks, or those of the run's context, never sees the task the run's own caller created.",
  spec: "A2A 1.0.1 §3.1.4 (ListTasks), §13.1",
  tck: ["CORE-LIST-001", "AUTH-SCOPE-001", "AUTH-SCOPE-002"],
  quote: {
    spec: "A2A 1.0.1 §3.1.4",
    text: "The operation MUST return only tasks visible to the authenticated client",
  },
  recommendation:
    "Filter ListTasks by the caller before filtering and paging (even without a contextId), so another caller's tasks never appear on any page.",
  selfTest: [
    {
      flaw: "tasks-listed-to-all",
      protocols: ["1.0"],
      violates: ["CORE-LIST-001", "AUTH-SCOPE-001", "AUTH-SCOPE-002"],
    },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) =>
    asOtherCaller(ctx, async (other, name) => {
      const own = await ownTask(ctx);
      if (!own.ok) return own.verdict;
      const { task } = own;
      const evidence = [...own.evidence];
      const all = await listedIds(other, {}, evidence);
      if (credentialRefused(ctx, all.first)) return refusedVerdict(ctx, name, all.first);
      if (!all.first.ok)
        return skip(`ListTasks as "${name}" failed (${describeFailure(all.first)}): nothing listed to judge`);
      // §13.1: scoped "even when contextId or other filter parameters are not specified", and when they are.
      const inContext = task.contextId
        ? await listedIds(other, { contextId: task.contextId }, evidence)
        : { ids: [] as string[] };
      if (all.ids.includes(task.id) || inContext.ids.includes(task.id))
        return fail(
          `ListTasks as "${name}" listed task ${task.id}, which the run's own caller created`,
          evidence,
        );
      return pass(
        `ListTasks as "${name}" (all tasks, and context ${task.contextId ?? "-"}) does not list the run's task ${task.id}`,
        evidence,
      );
    }),
});
