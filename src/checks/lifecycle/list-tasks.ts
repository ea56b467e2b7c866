import type { CallOutcome, TaskPage } from "../../client/types.js";
import type { Task } from "../../protocol/model.js";
import { defineCheck, fail, failBlocking, pass, skip } from "../define.js";
import { waitForSettled } from "../fixtures.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckDefinition, CheckVerdict } from "../types.js";

type Page = CallOutcome<TaskPage>;
export type Made =
  { ok: true; tasks: [Task, Task]; evidence: string[] } | { ok: false; verdict: CheckVerdict };

/** 1.0 §3.1.4: nextPageToken is always present; proto3 gRPC cannot show an empty string's presence. */
function tokenMissing(ctx: CheckContext, page: Extract<Page, { ok: true }>): boolean {
  if (ctx.transport === "GRPC") return false;
  const raw = page.raw as { nextPageToken?: unknown } | null;
  return typeof raw?.nextPageToken !== "string";
}

/**
 * Two finished tasks of this check's own in one context, so paging over that context is not disturbed
 * by tasks other checks create or update meanwhile.
 */
export async function twoTasks(ctx: CheckContext): Promise<Made> {
  const first = await ctx.fixtures.send();
  if (!first.ok) return { ok: false, verdict: fail(first.reason, first.evidence) };
  const a = first.value;
  if (a.kind !== "task" || !a.contextId)
    return {
      ok: false,
      verdict: skip("the agent answered with a Message or without a contextId: no task context to list"),
    };
  const second = await ctx.client.send({ text: ctx.fixtures.message, contextId: a.contextId });
  const evidence = [...first.evidence, ...second.trafficIds];
  if (!second.ok)
    return {
      ok: false,
      verdict: fail(`a second message in context ${a.contextId}: ${describeFailure(second)}`, evidence),
    };
  if (second.value.kind !== "task")
    return { ok: false, verdict: skip("the agent answered the second message with a Message") };
  const settled = await waitForSettled(ctx.client, second.value, ctx.timeoutMs / 2);
  evidence.push(...settled.evidence);
  if (!settled.ok) return { ok: false, verdict: fail(settled.reason, evidence) };
  return { ok: true, tasks: [a, settled.value], evidence };
}

/**
 * A check of ListTasks: it runs on two tasks of its own in one context, and (a check of one detail) needs
 * lifecycle.list-tasks to work.
 */
export function onTwoListedTasks(
  judge: (
    ctx: CheckContext,
    made: { tasks: [Task, Task]; evidence: string[]; contextId: string },
  ) => Promise<CheckVerdict>,
  dependsOn: readonly string[] = ["lifecycle.list-tasks"],
): Pick<CheckDefinition, "dependsOn" | "scope" | "judgesTasks" | "generations" | "run"> {
  return {
    dependsOn,
    scope: "transport",
    judgesTasks: true,
    generations: ["1.0"],
    run: async (ctx) => {
      const made = await twoTasks(ctx);
      if (!made.ok) return made.verdict;
      return judge(ctx, { ...made, contextId: made.tasks[0].contextId as string });
    },
  };
}

function judgeFilter(ctx: CheckContext, page: Page, task: Task): CheckVerdict | undefined {
  if (!page.ok)
    return failBlocking(`ListTasks by contextId failed: ${describeFailure(page)}`, page.trafficIds);
  if (tokenMissing(ctx, page))
    return fail(
      'the ListTasks response has no nextPageToken (it must always be present, "" on the last page)',
      page.trafficIds,
    );
  if (!page.value.tasks.some((t) => t.id === task.id))
    return fail(
      `ListTasks of context ${task.contextId ?? "?"} does not include task ${task.id}, created in it`,
      page.trafficIds,
    );
  return undefined;
}

/** The context's two tasks one per page: two pages of one task each, the last with nextPageToken "". */
function judgePaging(ctx: CheckContext, first: Page, second: Page | undefined): CheckVerdict | undefined {
  if (!first.ok)
    return failBlocking(`ListTasks with pageSize 1 failed: ${describeFailure(first)}`, first.trafficIds);
  const [only, extra] = first.value.tasks;
  if (extra)
    return fail(`ListTasks with pageSize 1 returned ${first.value.tasks.length} tasks`, first.trafficIds);
  if (!only || !second)
    return fail(
      "ListTasks with pageSize 1 gave no task or no nextPageToken for a context of two tasks",
      first.trafficIds,
    );
  if (!second.ok)
    return fail(`following nextPageToken failed: ${describeFailure(second)}`, second.trafficIds);
  const [next, more] = second.value.tasks;
  if (!next || more || next.id === only.id)
    return fail("following nextPageToken did not give the context's other task alone", second.trafficIds);
  if (tokenMissing(ctx, second) || second.value.nextPageToken !== "")
    return fail('the last page of ListTasks does not carry nextPageToken ""', second.trafficIds);
  return undefined;
}

/** The first two pages of a context, one task each. */
async function listPages(ctx: CheckContext, contextId: string): Promise<[Page, Page | undefined]> {
  const first = await ctx.client.listTasks({ contextId, pageSize: 1 });
  const token = first.ok ? first.value.nextPageToken : "";
  return [
    first,
    token ? await ctx.client.listTasks({ contextId, pageSize: 1, pageToken: token }) : undefined,
  ];
}

export default defineCheck({
  id: "lifecycle.list-tasks",
  title: "ListTasks finds a created task and pages with pageSize and nextPageToken",
  category: "lifecycle",
  level: "MUST",
  requirement:
    'ListTasks returns the caller\'s tasks filtered by contextId, honours pageSize, pages with a cursor and always includes nextPageToken ("" on the last page).',
  spec: "A2A 1.0 §3.1.4 (ListTasks)",
  tck: ["CORE-LIST-002", "CORE-LIST-004"],
  quote: {
    spec: "A2A 1.0 §3.1.4",
    text: 'The `nextPageToken` field MUST always be present in the response. When there are no more results to retrieve (i.e., this is the final page), the field MUST be set to an empty string ("").',
  },
  recommendation:
    'Implement ListTasks with contextId filtering, pageSize (1–100) and an opaque pageToken cursor; always send nextPageToken, as "" on the last page.',
  selfTest: [
    { flaw: "list-tasks-no-token", protocols: ["1.0"], bindings: ["JSONRPC"], violates: ["CORE-LIST-004"] },
    { flaw: "duplicate-task-ids", protocols: ["1.0"], bindings: ["JSONRPC"] },
  ],
  ...onTwoListedTasks(
    async (ctx, made) => {
      const [a, b] = made.tasks;
      const { contextId } = made;
      const filtered = await ctx.client.listTasks({ contextId, pageSize: 100 });
      const broken = judgeFilter(ctx, filtered, a);
      const evidence = [...made.evidence, ...filtered.trafficIds];
      if (broken) return broken;
      // Paging needs both tasks in the context; an agent that moved the second elsewhere fails context-kept.
      if (b.contextId !== contextId)
        return pass(
          `task ${a.id} listed in its context (paging not tested: the second task left the context)`,
          evidence,
        );
      const [first, second] = await listPages(ctx, contextId);
      evidence.push(...first.trafficIds, ...(second?.trafficIds ?? []));
      const pagingBroken = judgePaging(ctx, first, second);
      if (pagingBroken) return pagingBroken;
      return pass(
        `tasks of context ${contextId} listed, one per page with pageSize 1, ending with nextPageToken ""`,
        evidence,
      );
    },
    ["lifecycle.send-returns-task"],
  ),
});
