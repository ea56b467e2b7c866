import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import cancelRunning from "./cancel-running.js";

const start = handAgentsClosedAfterAll();

/**
 * A 0.3 agent whose tasks keep working until canceled; a cancel is answered {"canceled": true} instead of
 * the Task (seen at first sight), and (`undone`) the stopped work completes the task a moment later.
 */
async function cancelsWithoutTask(undone: boolean): Promise<string> {
  const states = new Map<string, string>();
  const readsSinceCancel = new Map<string, number>();
  let next = 0;
  const agent = await start((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const task = (id: string) => ({
      kind: "task",
      id,
      contextId: `c-${id}`,
      status: { state: states.get(id) },
    });
    if (request.method === "message/send") {
      const id = `t-${++next}`;
      states.set(id, "working");
      return { result: task(id) };
    }
    const id = String(request.params.id);
    if (!states.has(id)) return refusal(-32001);
    if (request.method === "tasks/cancel") {
      states.set(id, "canceled");
      readsSinceCancel.set(id, 0);
      return { result: { canceled: true } };
    }
    const reads = readsSinceCancel.get(id);
    if (reads !== undefined) {
      readsSinceCancel.set(id, reads + 1);
      if (undone && reads >= 1) states.set(id, "completed");
    }
    return { result: task(id) };
  });
  return agent.url;
}

describe("lifecycle.cancel-running", () => {
  it("fails a cancel answered with no Task, and says the task was canceled and then completed", async () => {
    const finding = (await verdictsOn(await cancelsWithoutTask(true), [cancelRunning])).get(
      "lifecycle.cancel-running",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /answered no Task .* although the task reads canceled; then .* read as completed/,
    );
  });

  it("leaves a cancel answered with no Task to the schema check when the task stays canceled", async () => {
    const verdicts = await verdictsOn(await cancelsWithoutTask(false), [cancelRunning]);
    expect(verdicts.get("lifecycle.cancel-running")).toMatchObject({ status: "pass" });
    expect(verdicts.get("lifecycle.cancel-running")?.message).toMatch(
      /it stayed canceled \(the reply is lifecycle.task-replies-schema-valid's finding\)/,
    );
  });
});
