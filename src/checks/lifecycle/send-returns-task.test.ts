import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import invalidParams from "../errors/invalid-params.js";
import getTask from "./get-task.js";
import listTasks from "./list-tasks.js";
import sendReturnsTask from "./send-returns-task.js";
import unknownFieldsIgnored from "./unknown-fields-ignored.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 1.0 JSON-RPC agent whose tasks finish at once. `contextOnRead`: the task carries a contextId when read
 * back or listed, but the send's reply leaves it out; otherwise the agent generates no contextId at all.
 */
async function agentWithoutContexts(contextOnRead: boolean): Promise<string> {
  const tasks: Array<{ id: string; status: { state: string; timestamp: string } }> = [];
  const read = (t: (typeof tasks)[number]) => (contextOnRead ? { ...t, contextId: "ctx-1" } : t);
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard10(url);
    if (request.method === "SendMessage") {
      const timestamp = new Date(Date.now() + tasks.length).toISOString();
      const task = { id: `t${tasks.length + 1}`, status: { state: "TASK_STATE_COMPLETED", timestamp } };
      tasks.push(task);
      return { result: { task } };
    }
    if (request.method === "GetTask") {
      const task = tasks.find((t) => t.id === request.params.id);
      return task ? { result: read(task) } : refusal(-32001);
    }
    if (request.method === "ListTasks")
      return {
        result: {
          tasks: [...tasks].reverse().map(read),
          nextPageToken: "",
          pageSize: 100,
          totalSize: tasks.length,
        },
      };
    return refusal(-32601);
  });
  return agent.url;
}

const verdicts = (url: string) => verdictsOn(url, [sendReturnsTask, listTasks]);

describe("lifecycle.send-returns-task on A2A 1.0", () => {
  it("passes an agent that generates no contextId (1.0.1 §3.4.1: MAY), and ListTasks is still judged", async () => {
    const byId = await verdicts(await agentWithoutContexts(false));
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "pass" });
    expect(byId.get("lifecycle.send-returns-task")?.message).toMatch(/generates none/);
    expect(byId.get("lifecycle.list-tasks")).toMatchObject({ status: "pass" });
    expect(byId.get("lifecycle.list-tasks")?.message).toMatch(/no context to filter by/);
  });

  it("fails a send reply that leaves out the contextId its task reads back with (a generated one MUST be in the response)", async () => {
    const byId = await verdicts(await agentWithoutContexts(true));
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "fail" });
    expect(byId.get("lifecycle.send-returns-task")?.message).toMatch(/reads back in context ctx-1/);
  });
});

/**
 * A 1.0 JSON-RPC agent that reads only 0.1's text part {type: "text"} (as AgoraMesh's bridge does): a message
 * in 1.0's own form, or with no messageId, is refused -32602 "unknown part type"; it ignores unknown fields.
 */
async function agentTakingTypedParts(): Promise<string> {
  const tasks: Array<{ id: string; contextId: string; status: { state: string } }> = [];
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard10(url);
    if (request.method === "SendMessage") {
      const message = request.params.message as {
        messageId?: unknown;
        role?: unknown;
        parts?: Array<{ type?: string }>;
      };
      const { parts } = message ?? {};
      if (!Array.isArray(parts) || parts.length === 0 || !parts.every((p) => p?.type === "text"))
        return refusal(-32602);
      if (typeof message.messageId !== "string" || message.role !== "ROLE_USER") return refusal(-32602);
      const task = {
        id: `t${tasks.length + 1}`,
        contextId: "ctx-1",
        status: { state: "TASK_STATE_COMPLETED" },
      };
      tasks.push(task);
      return { result: { task } };
    }
    if (request.method === "GetTask") {
      const task = tasks.find((t) => t.id === request.params.id);
      return task ? { result: task } : refusal(-32001);
    }
    if (request.method === "CancelTask")
      return refusal(tasks.some((t) => t.id === request.params.id) ? -32002 : -32001);
    return refusal(-32601);
  });
  return agent.url;
}

describe("lifecycle.send-returns-task on an agent that takes only another generation's text part", () => {
  it("fails once for the refused form, and the checks after it judge the agent in the form it takes", async () => {
    const byId = await verdictsOn(await agentTakingTypedParts(), [
      sendReturnsTask,
      getTask,
      unknownFieldsIgnored,
      invalidParams,
    ]);
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "fail" });
    expect(byId.get("lifecycle.send-returns-task")?.message).toMatch(
      /refused a message whose text part has the form A2A 1\.0 specifies .*took it only with A2A 0\.1's \{"type": "text"\}/,
    );
    expect(byId.get("lifecycle.get-task")).toMatchObject({ status: "pass" });
    // The unknown field is judged, not the part form: the agent ignores it.
    expect(byId.get("lifecycle.unknown-fields-ignored")).toMatchObject({ status: "pass" });
    expect(byId.get("errors.invalid-params")).toMatchObject({ status: "pass" });
  });
});

describe("lifecycle.send-returns-task on a 0.3 task whose context is spelled context_id", () => {
  it("fails it: 0.3's Task.contextId is required, in camelCase, though the suite reads the context on", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      const task = { kind: "task", id: "t1", context_id: "c1", status: { state: "completed" } };
      if (request.method === "message/send") return { result: task };
      return request.params.id === "t1" ? { result: task } : refusal(-32001);
    });
    const finding = (await verdictsOn(agent.url, [sendReturnsTask])).get("lifecycle.send-returns-task");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/gives its contextId only as "context_id"/);
  });
});
