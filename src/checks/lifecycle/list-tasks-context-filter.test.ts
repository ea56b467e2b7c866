import { describe, expect, it } from "vitest";
import { handAgentsClosedAfterAll, handCard10, verdictsOn } from "../../runner/testing/hand-agent.js";
import listTasks from "./list-tasks.js";
import listTasksFilters from "./list-tasks-filters.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 1.0 agent whose ListTasks lists every task it has whatever contextId asks (seen at first sight), newest
 * first, paged by a cursor; a task of another context comes first.
 */
async function contextFilterIgnored(): Promise<string> {
  const tasks: Array<{ id: string; contextId: string; status: { state: string } }> = [
    { id: "other", contextId: "elsewhere", status: { state: "TASK_STATE_COMPLETED" } },
  ];
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard10(url);
    const message = (request.params.message ?? {}) as { contextId?: string };
    if (request.method === "SendMessage") {
      const task = {
        id: `t${tasks.length}`,
        contextId: message.contextId ?? `c${tasks.length}`,
        status: { state: "TASK_STATE_COMPLETED" },
      };
      tasks.push(task);
      return { result: { task } };
    }
    if (request.method === "ListTasks") {
      const all = [...tasks].reverse();
      const start = Number(request.params.pageToken ?? 0);
      const size = Number(request.params.pageSize ?? 50);
      const page = all.slice(start, start + size);
      const next = start + size < all.length ? String(start + size) : "";
      return { result: { tasks: page, nextPageToken: next, pageSize: size, totalSize: all.length } };
    }
    const found = tasks.find((t) => t.id === request.params.id);
    return found ? { result: found } : { error: { code: -32001, message: "Task not found" } };
  });
  return agent.url;
}

describe("ListTasks whose contextId filter is ignored", () => {
  it("is lifecycle.list-tasks-filters' finding, said once: list-tasks does not judge paging within the context", async () => {
    const byId = await verdictsOn(await contextFilterIgnored(), [listTasks, listTasksFilters]);
    expect(byId.get(listTasksFilters.id)).toMatchObject({ status: "fail" });
    expect(byId.get(listTasksFilters.id)?.message).toMatch(
      /task\(s\) of other contexts: the contextId filter was not applied/,
    );
    expect(byId.get(listTasks.id)).toMatchObject({ status: "pass" });
    expect(byId.get(listTasks.id)?.message).toMatch(/paging within it not judged/);
  });
});
