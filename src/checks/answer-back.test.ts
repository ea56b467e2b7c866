import { describe, expect, it } from "vitest";
import { handAgentsClosedAfterAll, handCard03, refusal, verdictsOn } from "../runner/testing/hand-agent.js";
import cancelRunning from "./lifecycle/cancel-running.js";
import cancelTerminalErrors from "./lifecycle/cancel-terminal-errors-0x.js";

const start = handAgentsClosedAfterAll();

/**
 * A 0.3 agent that asks "how many times?" of every new message and works only once told a number in the
 * same task, as seen at first sight; a cancel of its finished task is refused with TaskNotCancelable.
 */
async function asksFirst(): Promise<{ url: string; turns: string[] }> {
  const tasks = new Map<string, string>();
  const turns: string[] = [];
  let next = 0;
  const agent = await start((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const message = request.params.message as
      { taskId?: string; parts?: Array<{ text?: string }> } | undefined;
    const text = message?.parts?.[0]?.text ?? "";
    if (request.method === "message/send") {
      turns.push(text);
      const known = message?.taskId !== undefined && tasks.has(message.taskId);
      const id = known ? (message?.taskId as string) : `t-${++next}`;
      const state = known && /^\d+$/.test(text) ? "completed" : "input-required";
      tasks.set(id, state);
      return { result: { kind: "task", id, contextId: `c-${id}`, status: { state } } };
    }
    const id = String(request.params.id);
    const state = tasks.get(id);
    if (!state) return refusal(-32001);
    if (request.method === "tasks/cancel") return refusal(state === "completed" ? -32002 : -32001);
    return { result: { kind: "task", id, contextId: `c-${id}`, status: { state } } };
  });
  return { url: agent.url, turns };
}

describe("a task the agent asks back about before it works", () => {
  it("is answered with a stock answer in the same task, so the checks of a finished task run", async () => {
    const agent = await asksFirst();
    const finding = (await verdictsOn(agent.url, [cancelTerminalErrors])).get(
      "lifecycle.cancel-terminal-errors-0x",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/canceling completed task/);
    expect(agent.turns).toContain("1");
  });
});

/**
 * A 0.3 agent that asks "how many times?" of every new message, and once told a number in the same task,
 * works until canceled: its only running task is one answered (seen at first sight).
 */
async function worksOnceAnswered(): Promise<string> {
  const tasks = new Map<string, string>();
  let next = 0;
  const agent = await start((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const message = request.params.message as
      { taskId?: string; parts?: Array<{ text?: string }> } | undefined;
    const text = message?.parts?.[0]?.text ?? "";
    const task = (id: string) => ({
      kind: "task",
      id,
      contextId: `c-${id}`,
      status: { state: tasks.get(id) },
    });
    if (request.method === "message/send") {
      const known = message?.taskId !== undefined && tasks.has(message.taskId);
      const id = known ? (message?.taskId as string) : `t-${++next}`;
      tasks.set(id, known && /^\d+$/.test(text) ? "working" : "input-required");
      return { result: task(id) };
    }
    const id = String(request.params.id);
    if (!tasks.has(id)) return refusal(-32001);
    if (request.method === "tasks/cancel") tasks.set(id, "canceled");
    return { result: task(id) };
  });
  return agent.url;
}

describe("an agent that works only once answered", () => {
  it("has its answered task canceled by the check of a running task", async () => {
    const finding = (await verdictsOn(await worksOnceAnswered(), [cancelRunning])).get(
      "lifecycle.cancel-running",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/from working to canceled/);
  });
});
