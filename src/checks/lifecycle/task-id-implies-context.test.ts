import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import taskIdImpliesContext from "./task-id-implies-context.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 1.0 agent whose tasks complete at once and never ask back. A message naming a finished task is refused
 * (UnsupportedOperation), or, with `ignoresTaskId`, run as a new task in a new context (seen at first sight).
 */
async function completesAtOnce(ignoresTaskId: boolean): Promise<string> {
  const tasks = new Map<string, string>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard10(url);
    const task = (id: string) => ({
      id,
      contextId: tasks.get(id),
      status: { state: "TASK_STATE_COMPLETED" },
    });
    if (request.method === "SendMessage") {
      const message = (request.params.message ?? {}) as { taskId?: string };
      if (message.taskId && !ignoresTaskId) return refusal(-32004);
      const id = `t${tasks.size + 1}`;
      tasks.set(id, `c${tasks.size + 1}`);
      return { result: { task: task(id) } };
    }
    const id = String(request.params.id);
    return tasks.has(id) ? { result: task(id) } : refusal(-32001);
  });
  return agent.url;
}

const judged = async (ignoresTaskId: boolean) =>
  (await verdictsOn(await completesAtOnce(ignoresTaskId), [taskIdImpliesContext])).get(
    "lifecycle.task-id-implies-context",
  );

describe("lifecycle.task-id-implies-context without a task that asks back", () => {
  it("fails an agent that takes a message naming only a finished task and answers it in another context", async () => {
    const finding = await judged(true);
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /naming only completed task t\d+ was taken .* answered in context c\d+, not the task's c\d+/,
    );
  });

  it("judges nothing when the agent refuses that message, as it should", async () => {
    const finding = await judged(false);
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/no message made the agent ask back/);
  });
});
