import { describe, expect, it } from "vitest";
import { handAgentsClosedAfterAll, handCard03, verdictsOn } from "../runner/testing/hand-agent.js";
import terminalTaskRejectsMessage from "./lifecycle/terminal-task-rejects-message.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.3 agent that runs a task only when the send says `blocking: true`; a send that says nothing leaves its
 * task submitted for good (seen at first sight). A message naming a finished task starts a new one.
 */
async function runsOnlyBlocking(): Promise<string> {
  const states = new Map<string, string>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const task = (id: string) => ({ kind: "task", id, contextId: "c1", status: { state: states.get(id) } });
    if (request.method === "message/send") {
      const blocking =
        (request.params.configuration as { blocking?: boolean } | undefined)?.blocking === true;
      const id = `t${states.size + 1}`;
      states.set(id, blocking ? "completed" : "submitted");
      return { result: task(id) };
    }
    if (request.method === "tasks/get") {
      const id = String(request.params.id);
      return states.has(id) ? { result: task(id) } : { error: { code: -32001, message: "Task not found" } };
    }
    return { error: { code: -32601, message: "Method not found" } };
  });
  return agent.url;
}

describe("a finished task, on an agent that runs only what is sent blocking", () => {
  it("is made by a send that says blocking: true, so the checks of finished tasks judge the agent", async () => {
    const finding = (await verdictsOn(await runsOnlyBlocking(), [terminalTaskRejectsMessage], "JSONRPC")).get(
      "lifecycle.terminal-task-rejects-message",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /a message to completed task t\d+ was accepted, starting a new task t\d+ \(submitted\)/,
    );
  });
});
