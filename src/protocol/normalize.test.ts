import { describe, expect, it } from "vitest";
import { normalizeReply, normalizeState } from "./normalize.js";
import { foldStream } from "./fold-stream.js";
import { replyText } from "./reply-text.js";
import type { Reply, Task } from "./model.js";

describe("normalizeState", () => {
  it.each([
    ["completed", "completed"],
    ["TASK_STATE_COMPLETED", "completed"],
    ["TASK_STATE_INPUT_REQUIRED", "input-required"],
    ["TASK_STATE_CANCELLED", "canceled"],
    ["cancelled", "canceled"],
    [3, "completed"],
    [6, "input-required"],
    ["Completed", "completed"],
    ["COMPLETED", "completed"],
    ["inputRequired", "input-required"],
    ["input_required", "input-required"],
    ["Input Required", "input-required"],
    ["TaskState.WORKING", "working"],
    ["succeeded", "completed"],
    ["Running", "working"],
    ["accepted", "submitted"],
    ["in_progress", "working"],
    ["error", "failed"],
    ["paused", "unknown"],
    [null, "unknown"],
  ])("reads %j as %s", (raw, expected) => {
    expect(normalizeState(raw)).toBe(expected);
  });
});

describe("normalizeReply", () => {
  it("reads a 0.3 task told apart by kind", () => {
    const reply = normalizeReply({
      kind: "task",
      id: "t1",
      contextId: "c1",
      status: { state: "completed" },
      artifacts: [{ artifactId: "a", parts: [{ kind: "text", text: "hi" }] }],
    });
    expect(reply).toMatchObject({ kind: "task", id: "t1", contextId: "c1", state: "completed" });
  });

  it("reads a 1.0 wrapped task with ProtoJSON enums and member-discriminated parts", () => {
    const reply = normalizeReply({
      task: {
        id: "t",
        contextId: "c",
        status: {
          state: "TASK_STATE_WORKING",
          message: { role: "ROLE_AGENT", messageId: "m", parts: [{ text: "busy" }] },
        },
      },
    });
    expect(reply).toMatchObject({
      kind: "task",
      state: "working",
      statusMessage: { role: "agent", parts: [{ kind: "text", text: "busy" }] },
    });
  });

  it("reads a 1.0 wrapped message", () => {
    expect(
      normalizeReply({ message: { role: "ROLE_AGENT", messageId: "m", parts: [{ text: "hello" }] } }),
    ).toMatchObject({ kind: "message", role: "agent" });
  });

  it("reads a 0.1 task with sessionId and type-discriminated parts", () => {
    const reply = normalizeReply({
      id: "t",
      sessionId: "s",
      status: { state: "completed" },
      artifacts: [{ parts: [{ type: "text", text: "old" }] }],
    }) as Task;
    expect(reply).toMatchObject({ kind: "task", contextId: "s" });
    expect(replyText(reply)).toBe("old");
  });

  it("reads a 0.1 status update (id, status, final) as an update, not as a Task", () => {
    expect(normalizeReply({ id: "t", status: { state: "completed" }, final: true })).toMatchObject({
      kind: "status-update",
      taskId: "t",
      state: "completed",
      final: true,
    });
  });

  it("reads 0.3 REST message content and 1.0 stream updates", () => {
    expect(normalizeReply({ message: { role: "ROLE_USER", content: [{ text: "x" }] } })).toMatchObject({
      kind: "message",
      role: "user",
    });
    expect(
      normalizeReply({ statusUpdate: { taskId: "t", status: { state: "TASK_STATE_COMPLETED" } } }),
    ).toMatchObject({ kind: "status-update", state: "completed" });
    expect(
      normalizeReply({
        kind: "artifact-update",
        taskId: "t",
        artifact: { parts: [{ kind: "text", text: "y" }] },
      }),
    ).toMatchObject({ kind: "artifact-update" });
  });

  it("reads a task whose id is under taskId, whose status is a bare state and whose kind and contextId are missing", () => {
    const reply = normalizeReply({ taskId: "t-7", status: "Working" });
    expect(reply).toMatchObject({ kind: "task", id: "t-7", state: "working", contextId: undefined });
  });

  it("reads a task whose state stands beside its id, with no status object", () => {
    expect(normalizeReply({ task: { id: "t-9", state: "completed" }, artifacts: [] })).toMatchObject({
      kind: "task",
      id: "t-9",
      state: "completed",
    });
  });

  it("reads a wrapped task's artifacts given beside it, and an artifact written as a part", () => {
    const reply = normalizeReply({
      task: { id: "t-10", state: "completed" },
      artifacts: [{ type: "text", content: "routed to the fastest model" }],
    });
    expect(reply).toMatchObject({
      kind: "task",
      artifacts: [{ parts: [{ kind: "text", text: "routed to the fastest model" }] }],
    });
  });

  it("reads an update that lost its kind as an update, not as a task", () => {
    const reply = normalizeReply({
      taskId: "t-7",
      contextId: "c",
      status: { state: "working" },
      final: false,
    });
    expect(reply).toMatchObject({ kind: "status-update", taskId: "t-7", state: "working", final: false });
  });

  it("reads an update whose discriminator is spelled type, without final, as an update (seen at first sight)", () => {
    const update = normalizeReply({ type: "status-update", taskId: "t", status: { state: "completed" } });
    expect(update).toMatchObject({ kind: "status-update", taskId: "t", state: "completed" });
    expect(normalizeReply({ type: "artifactUpdate", taskId: "t", artifact: { parts: [] } })).toMatchObject({
      kind: "artifact-update",
      taskId: "t",
    });
    // a part's type is no reply's
    expect(normalizeReply({ type: "text", text: "hi" })).toBeUndefined();
  });

  it("reads a status message given as a plain string as the agent's text", () => {
    const reply = normalizeReply({
      kind: "task",
      id: "t-8",
      contextId: "c-1",
      status: { state: "input-required", message: "Which order?" },
    });
    expect(reply).toMatchObject({
      kind: "task",
      state: "input-required",
      statusMessage: { role: "agent", parts: [{ kind: "text", text: "Which order?" }] },
    });
  });

  it("reads a task wrapped as {task} whose id is under taskId", () => {
    expect(normalizeReply({ task: { taskId: "t-9", status: { state: "completed" } } })).toMatchObject({
      kind: "task",
      id: "t-9",
      state: "completed",
    });
  });

  it("returns undefined for something that is neither a Message nor a Task", () => {
    expect(normalizeReply({ hello: "world" })).toBeUndefined();
    expect(normalizeReply("text")).toBeUndefined();
    expect(normalizeReply([1, 2])).toBeUndefined();
  });
});

describe("replyText", () => {
  const base: Task = {
    kind: "task",
    id: "t",
    state: "completed",
    rawState: "completed",
    artifacts: [],
    history: [],
  };
  const msg = (text: string, role: "agent" | "user" = "agent") => ({
    kind: "message" as const,
    role,
    parts: [{ kind: "text" as const, text }],
  });

  it("prefers artifacts, then the status message, then the agent's last message", () => {
    expect(
      replyText({
        ...base,
        artifacts: [{ parts: [{ kind: "text", text: "art" }] }],
        statusMessage: msg("status"),
      }),
    ).toBe("art");
    expect(replyText({ ...base, statusMessage: msg("status"), history: [msg("old"), msg("last")] })).toBe(
      "status",
    );
    expect(replyText({ ...base, history: [msg("first"), msg("last"), msg("mine", "user")] })).toBe("last");
  });

  it("shows an interrupted task's status message first", () => {
    const task: Task = {
      ...base,
      state: "input-required",
      artifacts: [{ parts: [{ kind: "text", text: "draft" }] }],
      statusMessage: msg("Which order?"),
    };
    expect(replyText(task)).toBe("Which order?");
  });

  it("ignores data parts and blank text", () => {
    expect(
      replyText({
        ...base,
        artifacts: [
          {
            parts: [
              { kind: "data", data: { a: 1 } },
              { kind: "text", text: "  " },
            ],
          },
        ],
      }),
    ).toBe("");
  });
});

describe("stream events read leniently", () => {
  it("reads a 0.1 update whose state stands beside its id as a status update, keeping its final flag", () => {
    expect(normalizeReply({ id: "t", state: "completed", final: true })).toMatchObject({
      kind: "status-update",
      taskId: "t",
      state: "completed",
      final: true,
    });
  });

  it("reads a 0.1 update carrying an artifact as an artifact update, not as a Task", () => {
    const event = {
      id: "t",
      state: "working",
      artifact: { parts: [{ type: "text", text: "hi" }] },
      final: false,
    };
    expect(normalizeReply(event)).toMatchObject({ kind: "artifact-update", taskId: "t" });
  });

  it("reads a bare status event whose `message` is its status message as the task it names, not as a wrapper", () => {
    const event = { taskId: "t", status: "completed", message: { parts: [{ type: "text", text: "done" }] } };
    expect(normalizeReply(event)).toMatchObject({ kind: "task", id: "t", state: "completed" });
  });

  it("reads an object with an id and a state of its own as a Task, not as a {message} wrapper", () => {
    const reply = {
      id: "t",
      contextId: "c",
      state: "COMPLETED",
      message: { role: "agent", parts: [{ type: "text", text: "done" }] },
    };
    expect(normalizeReply(reply)).toMatchObject({
      kind: "task",
      id: "t",
      contextId: "c",
      state: "completed",
    });
    expect(normalizeReply({ message: { role: "agent", parts: [{ text: "hi" }] } })).toMatchObject({
      kind: "message",
    });
  });

  it("reads a 1.0 event under the proto's snake_case member names as the update it names", () => {
    const status = { task_id: "t", context_id: "c", status: { state: "TASK_STATE_COMPLETED" } };
    expect(normalizeReply({ status_update: status })).toMatchObject({
      kind: "status-update",
      taskId: "t",
      contextId: "c",
      state: "completed",
    });
    const artifact = { taskId: "t", artifact: { artifactId: "a", parts: [{ text: "x" }] } };
    expect(normalizeReply({ artifact_update: artifact })).toMatchObject({
      kind: "artifact-update",
      taskId: "t",
    });
  });
});

describe("foldStream", () => {
  it("applies status and artifact updates to the streamed task", () => {
    const events: Reply[] = [
      {
        kind: "task",
        id: "t",
        contextId: "c",
        state: "submitted",
        rawState: "submitted",
        artifacts: [],
        history: [],
      },
      { kind: "status-update", taskId: "t", state: "working" },
      {
        kind: "artifact-update",
        taskId: "t",
        artifact: { artifactId: "a", parts: [{ kind: "text", text: "one" }] },
      },
      {
        kind: "artifact-update",
        taskId: "t",
        artifact: { artifactId: "a", parts: [{ kind: "text", text: "two" }] },
      },
      { kind: "status-update", taskId: "t", state: "completed", final: true },
    ];
    const folded = foldStream(events) as Task;
    expect(folded.state).toBe("completed");
    expect(folded.artifacts).toHaveLength(1);
    expect(replyText(folded)).toBe("one\ntwo");
  });

  it("builds a task from updates alone", () => {
    expect(foldStream([{ kind: "status-update", taskId: "t9", state: "completed" }])).toMatchObject({
      kind: "task",
      id: "t9",
      state: "completed",
    });
  });

  it("keeps an update's state as the wire spelled it, for the checks that quote it", () => {
    const update: Reply = { kind: "status-update", taskId: "t", state: "unknown", rawState: "succeeded" };
    expect(foldStream([update])).toMatchObject({ state: "unknown", rawState: "succeeded" });
    expect(foldStream([update])).not.toHaveProperty("contextId");
  });
});
