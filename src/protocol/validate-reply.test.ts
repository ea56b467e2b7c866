import { describe, expect, it } from "vitest";
import { normalizeReply } from "./normalize.js";
import type { Reply } from "./model.js";
import { emptyPartsProblem, replyShapeProblem, stateOrderProblem } from "./validate-reply.js";

const task = { kind: "task", id: "t", contextId: "c", status: { state: "working" } };

describe("replyShapeProblem", () => {
  it("accepts a 0.3 Task and a 1.0 wrapped Task", () => {
    expect(replyShapeProblem(task, "0.3")).toBeUndefined();
    const v10 = { task: { id: "t", contextId: "c", status: { state: "TASK_STATE_WORKING" } } };
    expect(replyShapeProblem(v10, "1.0")).toBeUndefined();
  });

  it("names a 0.3 Task without kind, a missing contextId and a state spelled for another version", () => {
    const { kind: _kind, ...bare } = task;
    expect(replyShapeProblem(bare, "0.3")).toMatch(/a Task without kind: "task"/);
    expect(replyShapeProblem({ ...task, contextId: undefined }, "0.3")).toMatch(/without its contextId/);
    expect(replyShapeProblem({ ...task, status: { state: "TASK_STATE_WORKING" } }, "0.3")).toMatch(
      /spells its state "TASK_STATE_WORKING"/,
    );
  });
});

describe("stateOrderProblem", () => {
  const events = (...states: string[]): Reply[] =>
    states.map((state) => normalizeReply({ ...task, status: { state } }) as Reply);

  it("names a task put back in submitted after working", () => {
    expect(stateOrderProblem(events("submitted", "working", "submitted", "completed"))).toMatch(
      /event 3 .* back in submitted after it was working/,
    );
  });

  it("accepts submitted, working, input-required, working, completed", () => {
    expect(
      stateOrderProblem(events("submitted", "working", "input-required", "working", "completed")),
    ).toBeUndefined();
  });
});

describe("emptyPartsProblem (each reply checked for non-empty parts)", () => {
  it("flags a Message with no parts, bare, wrapped (1.0) or as a task's status message", () => {
    expect(emptyPartsProblem({ kind: "message", role: "agent", messageId: "m", parts: [] })).toMatch(
      /no parts/,
    );
    expect(emptyPartsProblem({ message: { role: "ROLE_AGENT", messageId: "m", parts: [] } })).toMatch(
      /no parts/,
    );
    expect(
      emptyPartsProblem({
        kind: "task",
        id: "t",
        contextId: "c",
        status: { state: "completed", message: { kind: "message", role: "agent", parts: [] } },
      }),
    ).toMatch(/no parts/);
  });

  it("passes a Message with a part and a Task without a status message", () => {
    const part = { kind: "text", text: "hi" };
    expect(
      emptyPartsProblem({ kind: "message", role: "agent", messageId: "m", parts: [part] }),
    ).toBeUndefined();
    expect(
      emptyPartsProblem({ kind: "task", id: "t", contextId: "c", status: { state: "working" } }),
    ).toBeUndefined();
  });
});
