import { describe, expect, it } from "vitest";
import { identified } from "./payload-format-0x.js";

// 0.2.5/0.3 topic Streaming & Asynchronous Operations: the body is open, but names the task and its new state.
describe("what a 0.x push notification body says", () => {
  it("finds the task and its state in the Task, a minimal payload, and a JSON-RPC call carrying the task", () => {
    const task = { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } };
    expect(identified(task)).toEqual({ id: "t1", state: "completed" });
    expect(identified({ taskId: "t1", state: "working" })).toEqual({ id: "t1", state: "working" });
    const call = {
      jsonrpc: "2.0",
      method: "tasks/status",
      params: { id: "t1", status: { state: "completed" } },
    };
    expect(identified(call)).toEqual({ id: "t1", state: "completed" });
  });

  it("misses the state of a body that names the task alone", () => {
    expect(identified({ taskId: "t1", event: "task-updated" })).toEqual({ id: "t1" });
  });
});
