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

describe("replyShapeProblem on messages and artifacts", () => {
  const message = { kind: "message", role: "agent", messageId: "m", parts: [{ kind: "text", text: "hi" }] };

  it("names a Message without messageId, with an untagged part, or with a role no version has", () => {
    expect(replyShapeProblem(message, "0.3")).toBeUndefined();
    expect(replyShapeProblem({ ...message, messageId: undefined }, "0.2")).toMatch(/without its messageId/);
    expect(replyShapeProblem({ ...message, parts: [{ type: "text", text: "hi" }] }, "0.3")).toMatch(
      /part 1 has no kind/,
    );
    expect(replyShapeProblem({ ...message, role: "assistant" }, "0.3")).toMatch(/role "assistant"/);
  });

  it("names a Task whose status message or history has a foreign role, or whose artifact has no artifactId", () => {
    const status = { state: "input-required", message: { ...message, role: "assistant" } };
    expect(replyShapeProblem({ ...task, status }, "0.3")).toMatch(/status message has role "assistant"/);
    expect(replyShapeProblem({ ...task, history: [{ ...message, role: "bot" }] }, "0.3")).toMatch(
      /history message 1 has role "bot"/,
    );
    const artifacts = [{ name: "answer", parts: [{ kind: "text", text: "x" }] }];
    expect(replyShapeProblem({ ...task, artifacts }, "0.3")).toMatch(/artifact 1 has no artifactId/);
  });

  it("names a 0.x result that holds a Message instead of being one (read leniently, judged here)", () => {
    expect(replyShapeProblem({ state: "working", message }, "0.2")).toMatch(
      /an object holding a Message under "message" \(with "state"\), not a Message itself/,
    );
    expect(
      replyShapeProblem({ message: { role: "ROLE_AGENT", messageId: "m", parts: [{ text: "hi" }] } }, "1.0"),
    ).toBeUndefined();
    // Seen at first sight: the wrapper's Message has no kind either; the wrapper is still what is named.
    const accepted = {
      status: "accepted",
      clientOperation: "message/send",
      message: { role: "agent", parts: [] },
    };
    expect(replyShapeProblem(accepted, "0.3")).toMatch(
      /an object holding a Message under "message" \(with "status", "clientOperation"\)/,
    );
  });

  // Seen at first sight: {id, contextId, state: "COMPLETED", message} from message/send.
  it("names a Task that keeps a message of its own as the Task it is, not as a Message's wrapper", () => {
    const reply = { id: "t", contextId: "c", state: "COMPLETED", message };
    expect(replyShapeProblem(reply, "0.2")).toMatch(/^a Task without kind: "task"/);
  });

  it("says a bad message and a bad artifact of one Task together: one does not hide the other", () => {
    const history = [{ ...message, role: "assistant" }];
    const artifacts = [{ name: "answer", parts: [{ kind: "text", text: "x" }] }];
    const problem = replyShapeProblem({ ...task, history, artifacts }, "0.3");
    expect(problem).toMatch(/history message 1 has role "assistant".*; and .*artifact 1 has no artifactId/);
  });

  it("judges 1.0 roles by their enum names and 0.1 messages by their parts", () => {
    const v10 = { message: { role: "ROLE_AGENT", messageId: "m", parts: [{ text: "hi" }] } };
    expect(replyShapeProblem(v10, "1.0")).toBeUndefined();
    expect(replyShapeProblem({ message: { ...v10.message, role: "agent" } }, "1.0")).toMatch(
      /ROLE_USER or ROLE_AGENT/,
    );
    const done = { id: "t", status: { state: "completed", message: { role: "agent", parts: [] } } };
    expect(replyShapeProblem(done, "0.1")).toMatch(/has no parts/);
  });

  it("wants a 0.1 update to name its task by id, and says when it uses 0.2's taskId instead", () => {
    const status = { state: "working" };
    expect(replyShapeProblem({ id: "t", status, final: false }, "0.1")).toBeUndefined();
    expect(replyShapeProblem({ taskId: "t", status, final: false }, "0.1")).toMatch(
      /without its id \(required in A2A 0\.1 §7\.2\.2-7\.2\.3; taskId is what A2A 0\.2 renamed it to\)/,
    );
    const artifact = { taskId: "t", artifact: { parts: [{ type: "text", text: "x" }] } };
    expect(replyShapeProblem(artifact, "0.1")).toMatch(/artifact-update without its id/);
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
