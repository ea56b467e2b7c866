import { describe, expect, it } from "vitest";
import { TaskLedger } from "./task-ledger.js";
import type { A2AClient, CallOutcome } from "./types.js";
import type { Task } from "../protocol/model.js";

/** A client whose cancel answers by id: refused ids get TaskNotCancelable, the others succeed. */
function cancelling(refused: ReadonlySet<string>, asked: string[]): () => A2AClient {
  const cancelTask = (id: string): Promise<CallOutcome<Task>> => {
    asked.push(id);
    return Promise.resolve(
      refused.has(id)
        ? {
            ok: false,
            kind: "error",
            error: { code: -32002, name: "TaskNotCancelable", message: "Task cannot be canceled" },
            trafficIds: [],
          }
        : {
            ok: true,
            value: {
              kind: "task",
              id,
              contextId: "c",
              state: "canceled",
              rawState: "canceled",
              history: [],
              artifacts: [],
            },
            raw: {},
            trafficIds: [],
          },
    );
  };
  return () => ({ cancelTask, close: () => undefined }) as unknown as A2AClient;
}

describe("the ledger of tasks a run started", () => {
  it("cancels only the tasks not seen to finish, and reports the refusals", async () => {
    const asked: string[] = [];
    const client = cancelling(new Set(["b"]), asked);
    const ledger = new TaskLedger();
    ledger.note("a", "working", client);
    ledger.note("b", "input-required", client);
    ledger.note("c", "working", client);
    ledger.note("c", "completed", client);
    ledger.note(undefined, "working", client);
    expect(ledger.openIds()).toEqual(["a", "b"]);
    const report = await ledger.cancelOpen();
    expect(asked.sort()).toEqual(["a", "b"]);
    expect(report.canceled).toEqual(["a"]);
    expect(report.failed).toEqual([{ id: "b", why: "Task cannot be canceled" }]);
    expect(ledger.openIds()).toEqual([]);
  });

  it("tries at most 32 cancels and names the tasks it left", async () => {
    const asked: string[] = [];
    const client = cancelling(new Set(), asked);
    const ledger = new TaskLedger();
    for (let i = 0; i < 40; i++) ledger.note(`t${i}`, "working", client);
    const report = await ledger.cancelOpen();
    expect(asked).toHaveLength(32);
    expect(report.failed).toHaveLength(8);
    expect(report.failed[0]?.why).toMatch(/not tried: more than 32 tasks/);
  });
});
