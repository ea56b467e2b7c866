import type { CallOutcome, TaskPage } from "../../client/types.js";
import type { Task } from "../../protocol/model.js";
import { defineCheck, fail, failBlocking, notApplicable, pass, skip } from "../define.js";
import { waitForSettled } from "../fixtures.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckDefinition, CheckVerdict } from "../types.js";

type Page = CallOutcome<TaskPage>;
/** `contextless`: the agent's task has no contextId to list by (A2A 1.0.1 §3.4.1 lets an agent generate none). */
export type Made =
  | { ok: true; tasks: [Task, Task]; evidence: string[] }
  | { ok: false; verdict: CheckVerdict; contextless?: Task; evidence?: string[] };

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
  // The suite's own send: its failure is lifecycle.send-returns-task's, said once.
  if (!first.ok)
    return {
      ok: false,
      verdict: skip(
        `no task to list: the suite's send failed (${first.reason}), lifecycle.send-returns-task's finding`,
      ),
    };
  const a = first.value;
  if (a.kind !== "task")
    return { ok: false, verdict: skip("the agent answered with a Message: no task to list") };
  if (!a.contextId)
    return {
      ok: false,
      verdict: notApplicable(
        `task ${a.id} has no contextId: the agent generates none (A2A 1.0.1 §3.4.1 allows it), so there is no context to list by`,
      ),
      contextless: a,
      evidence: first.evidence,
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
  if (settled.ok) return { ok: true, tasks: [a, settled.value], evidence };
  // The spec sets no deadline for a task, and ListTasks lists working tasks too: a slow one is listed as it
  // is. A task that cannot be read back is lifecycle.get-task's finding.
  if (settled.unreadable) return { ok: false, verdict: skip(settled.reason) };
  return { ok: true, tasks: [a, second.value], evidence };
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
  withoutContext?: (ctx: CheckContext, task: Task, evidence: string[]) => Promise<CheckVerdict>,
): Pick<CheckDefinition, "dependsOn" | "scope" | "judgesTasks" | "generations" | "run"> {
  return {
    dependsOn,
    scope: "transport",
    judgesTasks: true,
    generations: ["1.0"],
    run: async (ctx) => {
      const made = await twoTasks(ctx);
      if (!made.ok)
        return made.contextless && withoutContext
          ? withoutContext(ctx, made.contextless, made.evidence ?? [])
          : made.verdict;
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

/**
 * ListTasks without a context to filter by: it must answer, with its nextPageToken, and list the agent's
 * newest task among its first page (1.0.1 §3.1.4 orders by last update, newest first).
 */
async function listWithoutContext(ctx: CheckContext, task: Task, evidence: string[]): Promise<CheckVerdict> {
  const page = await ctx.client.listTasks({ pageSize: 100 });
  const all = [...evidence, ...page.trafficIds];
  if (!page.ok) return failBlocking(`ListTasks failed: ${describeFailure(page)}`, all);
  if (tokenMissing(ctx, page))
    return fail(
      'the ListTasks response has no nextPageToken (it must always be present, "" on the last page)',
      all,
    );
  if (!page.value.tasks.some((t) => t.id === task.id))
    return skip(
      `ListTasks answered ${page.value.tasks.length} task(s) without task ${task.id}; with no contextId to filter by (the agent generates none) the check cannot tell a missing task from a long list`,
    );
  return pass(
    `ListTasks lists task ${task.id} (no context to filter by or page within: the agent generates no contextId)`,
    all,
  );
}

/** How many listed tasks name a context other than the one asked for. */
export function otherContexts(tasks: ReadonlyArray<{ contextId?: string }>, contextId: string): number {
  return tasks.filter((t) => t.contextId !== undefined && t.contextId !== "" && t.contextId !== contextId)
    .length;
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
      only
        ? `ListTasks with pageSize 1 gave one task and nextPageToken ${JSON.stringify(first.value.nextPageToken ?? null)} for a context of two tasks: no second page to ask for`
        : "ListTasks with pageSize 1 gave no task for a context of two tasks",
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

const listed = onTwoListedTasks(
  async (ctx, made) => {
    const [a, b] = made.tasks;
    const { contextId } = made;
    const filtered = await ctx.client.listTasks({ contextId, pageSize: 100 });
    const broken = judgeFilter(ctx, filtered, a);
    const evidence = [...made.evidence, ...filtered.trafficIds];
    if (broken) return broken;
    // Pages of a context the agent does not filter by hold other contexts' tasks: paging within the context
    // cannot be judged then, and the filter is lifecycle.list-tasks-filters' finding (seen at first sight: the
    // unfiltered list read as a last page that does not end).
    const elsewhere = filtered.ok ? otherContexts(filtered.value.tasks, contextId) : 0;
    if (elsewhere > 0)
      return pass(
        `task ${a.id} listed in its context (paging within it not judged: the list held ${elsewhere} task(s) of other contexts, lifecycle.list-tasks-filters' finding)`,
        evidence,
      );
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
  listWithoutContext,
);

/**
 * ListTasks on an agent that answers every message with a Message: nothing of its own to find, but the
 * operation is one of the core ones "all A2A implementations must support" (1.0.1 §3.1, §3.1.4).
 */
async function listServed(ctx: CheckContext, why: string): Promise<CheckVerdict> {
  const page = await ctx.client.listTasks({ pageSize: 10 });
  if (!page.ok)
    return fail(
      `ListTasks failed: ${describeFailure(page)}; it is one of the core operations all A2A 1.0 implementations support (1.0.1 §3.1), also where ${why}`,
      page.trafficIds,
    );
  if (tokenMissing(ctx, page))
    return fail(
      'the ListTasks response has no nextPageToken (it must always be present, "" on the last page)',
      page.trafficIds,
    );
  return pass(
    `ListTasks is served (${page.value.tasks.length} task(s)); no task of the suite's own to list: ${why}`,
    page.trafficIds,
  );
}

/**
 * ListTasks as the agent serves it: with two tasks of the suite's own, or, where the agent makes none (it answers
 * with Messages, or the suite's send failed), that it is served at all, as the core operation it is.
 */
async function listTasks(ctx: CheckContext): Promise<CheckVerdict> {
  if (await ctx.fixtures.answersOnlyWithMessages()) return listServed(ctx, "the agent answers with Messages");
  const sent = await ctx.fixtures.send();
  if (!sent.ok)
    return listServed(ctx, `the suite's send failed (lifecycle.send-returns-task's finding: ${sent.reason})`);
  return listed.run(ctx);
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
  scope: listed.scope,
  generations: listed.generations,
  // Not judgesTasks, no dependsOn: ListTasks is a core operation (1.0.1 §3.1), judged also where no task is made
  // (seen at first sight: ListTasks unserved behind a refused send, and no check said so).
  run: listTasks,
});
