import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import cancelTerminalErrors from "./cancel-terminal-errors-0x.js";

const start = handAgentsClosedAfterAll();

/**
 * A 0.3 agent whose tasks work until canceled and never finish by themselves (seen at first sight); `again`:
 * a cancel of a canceled task succeeds again instead of TaskNotCancelable.
 */
async function tasksThatNeverEnd(again: boolean): Promise<string> {
  const tasks = new Map<string, string>();
  const agent = await start((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const task = (id: string) => ({ kind: "task", id, contextId: "c1", status: { state: tasks.get(id) } });
    if (request.method === "message/send") {
      const id = `t${tasks.size + 1}`;
      tasks.set(id, "working");
      return { result: task(id) };
    }
    const id = String(request.params.id);
    if (!tasks.has(id)) return refusal(-32001);
    if (request.method === "tasks/cancel") {
      if (tasks.get(id) === "canceled" && !again) return refusal(-32002);
      tasks.set(id, "canceled");
    }
    return { result: task(id) };
  });
  return agent.url;
}

describe("lifecycle.cancel-terminal-errors on an agent whose tasks never end by themselves", () => {
  it("cancels a task of its own and fails a second cancel that succeeds", async () => {
    const finding = (await verdictsOn(await tasksThatNeverEnd(true), [cancelTerminalErrors])).get(
      "lifecycle.cancel-terminal-errors-0x",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/already canceled, succeeded/);
  });

  it("passes a second cancel refused with TaskNotCancelable", async () => {
    const finding = (await verdictsOn(await tasksThatNeverEnd(false), [cancelTerminalErrors])).get(
      "lifecycle.cancel-terminal-errors-0x",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/canceling canceled task t\d answered TaskNotCancelable/);
  });
});
