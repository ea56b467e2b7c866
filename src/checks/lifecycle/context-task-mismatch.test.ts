import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import contextTaskMismatch from "./context-task-mismatch.js";

const startHandAgent = handAgentsClosedAfterAll();

type Answer = "new-task" | "refuse-context" | "refuse-terminal";

/**
 * A 1.0 agent whose tasks complete at once and never ask back; a message naming a task with another context
 * is answered as `answer` says: a new task in that context (seen at first sight), or refused in words that
 * name the context, or in words about the task's end.
 */
async function finishesAtOnce(answer: Answer): Promise<string> {
  const tasks = new Map<string, string>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard10(url);
    const task = (id: string) => ({
      id,
      contextId: tasks.get(id),
      status: { state: "TASK_STATE_COMPLETED" },
    });
    if (request.method === "SendMessage") {
      const message = (request.params.message ?? {}) as { taskId?: string; contextId?: string };
      if (message.taskId && tasks.has(message.taskId)) {
        if (message.contextId !== tasks.get(message.taskId) && answer === "refuse-context")
          return { error: { code: -32602, message: "Message contextId does not match the task." } };
        if (answer !== "new-task") return { error: { code: -32004, message: "Task is in a terminal state" } };
      }
      const id = `t${tasks.size + 1}`;
      tasks.set(id, message.contextId ?? `c${tasks.size + 1}`);
      return { result: { task: task(id) } };
    }
    if (request.method === "GetTask") {
      const id = String(request.params.id);
      return tasks.has(id) ? { result: task(id) } : refusal(-32001);
    }
    return refusal(-32601);
  });
  return agent.url;
}

const judged = async (answer: Answer) =>
  (await verdictsOn(await finishesAtOnce(answer), [contextTaskMismatch], "JSONRPC")).get(
    "lifecycle.context-task-mismatch",
  );

describe("lifecycle.context-task-mismatch on an agent whose tasks finish at once", () => {
  it("fails a message naming a finished task with another context that is taken in (seen at first sight)", async () => {
    const finding = await judged("new-task");
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /naming the completed task t\d+ .* with context plainwright-other-.* was accepted/,
    );
  });

  it("passes a refusal whose words name the context", async () => {
    const finding = await judged("refuse-context");
    expect(finding).toMatchObject({ status: "pass" });
  });

  it("does not judge a refusal that may be for the task's end", async () => {
    const finding = await judged("refuse-terminal");
    expect(finding?.status).toBe("skip");
  });
});
