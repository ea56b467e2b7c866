import { describe, expect, it } from "vitest";
import { handAgentsClosedAfterAll, handCard03, refusal, verdictsOn } from "../runner/testing/hand-agent.js";
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
