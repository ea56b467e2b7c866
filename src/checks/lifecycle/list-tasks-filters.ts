import { terminalStates, type TaskState } from "../../protocol/model.js";
import { defineCheck, fail, pass } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { onTwoListedTasks, otherContexts } from "./list-tasks.js";

/** States a finished test task is never in, tried in turn as a status filter that must match none of them. */
const UNLIKELY: readonly TaskState[] = ["rejected", "canceled", "failed", "auth-required"];

/** A status timestamp no task of the run reaches. */
const FAR_AHEAD = "2999-01-01T00:00:00Z";

/** `canceled` → `TASK_STATE_CANCELED`: the 1.0 name every binding's client passes on (ProtoJSON enum names). */
const wireState = (state: TaskState): string => `TASK_STATE_${state.replace(/-/g, "_").toUpperCase()}`;

export default defineCheck({
  id: "lifecycle.list-tasks-filters",
  title:
    "ListTasks honours the contextId, status and statusTimestampAfter filters and counts totalSize before paging",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    '1.0.1 defines them in a2a.proto\'s field comments, without a keyword: ListTasksRequest.context_id "Filter tasks by context ID to get tasks from a specific conversation or session", status "Filter tasks by their current status state", status_timestamp_after "Only tasks with a status timestamp time greater than or equal to this value will be returned", ListTasksResponse.total_size "Total number of tasks available (before pagination)" (its presence, REQUIRED, is lifecycle.wire-format\'s).',
  requirement:
    "ListTasks of a context lists only that context's tasks; with a status filter it returns only tasks in that state (none, for a state no task of the context is in; the finished task, for its own state), filtered by a statusTimestampAfter far ahead returns none, and a page of one task reports totalSize as the number of the context's tasks, not the page's.",
  spec: "A2A 1.0.1 §3.1.4 (ListTasks); a2a.proto ListTasksRequest.status, ListTasksResponse.total_size",
  quote: {
    spec: "A2A 1.0.1 a2a.proto ListTasksRequest, ListTasksResponse",
    text: "Filter tasks by their current status state. … Total number of tasks available (before pagination).",
  },
  recommendation:
    "Apply the status filter before paging, and report totalSize as the number of tasks that match the request's filters over all pages.",
  selfTest: [{ flaw: "list-tasks-status-ignored", protocols: ["1.0"], bindings: ["JSONRPC"] }],
  ...onTwoListedTasks(async (ctx, made) => {
    const { contextId } = made;
    const evidence = [...made.evidence];
    const all = await ctx.client.listTasks({ contextId, pageSize: 100 });
    evidence.push(...all.trafficIds);
    // A failed or incomplete listing is lifecycle.list-tasks' finding.
    if (!all.ok) return fail(`ListTasks of context ${contextId}: ${describeFailure(all)}`, evidence);
    const problems: string[] = [];
    const elsewhere = otherContexts(all.value.tasks, contextId);
    // What follows is judged on the context's own tasks: other contexts' are the problem above, said once.
    const tasks = all.value.tasks.filter((t) => !t.contextId || t.contextId === contextId);
    if (elsewhere > 0)
      problems.push(
        `ListTasks of context ${contextId} listed ${elsewhere} task(s) of other contexts: the contextId filter was not applied`,
      );
    // Only a context whose tasks can no longer change state has a state none of them will be in.
    const still = tasks.every((t) => terminalStates.has(t.state) || t.state === "input-required");
    const absent = still ? UNLIKELY.find((s) => !tasks.some((t) => t.state === s)) : undefined;
    if (absent) {
      const none = await ctx.client.listTasks({ contextId, status: wireState(absent), pageSize: 100 });
      evidence.push(...none.trafficIds);
      if (!none.ok) problems.push(`filtering by status ${wireState(absent)}: ${describeFailure(none)}`);
      else if (none.value.tasks.length > 0)
        problems.push(
          `filtering context ${contextId} by status ${wireState(absent)} returned ${none.value.tasks.length} task(s) in ${[...new Set(none.value.tasks.map((t) => t.state))].join(", ")}`,
        );
    }
    // A task of the context that has settled (the second may have left the context: lifecycle.context-kept's).
    const settled = tasks.find((t) => terminalStates.has(t.state) || t.state === "input-required");
    if (settled) {
      const state = wireState(settled.state);
      const own = await ctx.client.listTasks({ contextId, status: state, pageSize: 100 });
      evidence.push(...own.trafficIds);
      if (!own.ok) problems.push(`filtering by status ${state}: ${describeFailure(own)}`);
      else {
        const others = own.value.tasks.filter((t) => t.state !== settled.state);
        if (others.length > 0)
          problems.push(`filtering by status ${state} also returned tasks in ${others[0]?.state}`);
        if (!own.value.tasks.some((t) => t.id === settled.id))
          problems.push(`filtering by status ${state} left out task ${settled.id}, which is in it`);
      }
    }
    const count = tasks.length;
    // Every task of the context was updated before a date far ahead: filtered by it, none is left.
    const later =
      count > 0 ? await ctx.client.listTasks({ contextId, statusTimestampAfter: FAR_AHEAD }) : undefined;
    if (later) evidence.push(...later.trafficIds);
    if (later?.ok && later.value.tasks.length > 0)
      problems.push(
        `filtering context ${contextId} by statusTimestampAfter ${FAR_AHEAD} returned ${later.value.tasks.length} task(s), though none was updated after it`,
      );
    const page = await ctx.client.listTasks({ contextId, pageSize: 1 });
    evidence.push(...page.trafficIds);
    const total = page.ok ? page.value.totalSize : undefined;
    // A missing totalSize is lifecycle.wire-format's finding; a wrong one is this check's.
    if (count > 1 && total !== undefined && total !== count)
      problems.push(`a page of 1 reports totalSize ${total}, but context ${contextId} holds ${count} tasks`);
    if (problems.length > 0) return fail(problems.join("; "), evidence);
    return pass(
      `the status filter held (${absent ? `none in ${wireState(absent)}` : "no state to filter out"}; ${settled ? `task ${settled.id} in ${wireState(settled.state)}` : "no settled task"})${total !== undefined ? `, totalSize ${total} of ${count}` : ""}`,
      evidence,
    );
  }),
});
