import { describe, expect, it } from "vitest";
import { replySchemaProblem, resultSchemaIssues } from "./reply-schema.js";

describe("resultSchemaIssues", () => {
  const task10 = { id: "t", contextId: "c", status: { state: "TASK_STATE_COMPLETED" } };

  it("judges a 1.0 GetTask or CancelTask result as a Task of the proto", async () => {
    expect(await resultSchemaIssues(task10, "GetTask", "1.0")).toEqual([]);
    const { id: _id, ...noId } = task10;
    expect(await resultSchemaIssues(noId, "CancelTask", "1.0")).toEqual([
      { path: "id", message: "id is required by the A2A 1.0.1 proto" },
    ]);
    const working = { ...task10, status: { state: "working" } };
    expect((await resultSchemaIssues(working, "GetTask", "1.0"))?.map((i) => i.path)).toEqual([
      "status.state",
    ]);
  });

  it("judges a 1.0 ListTasks result, which 0.x does not have", async () => {
    const page = { tasks: [task10], nextPageToken: "", pageSize: 50, totalSize: 1 };
    expect(await resultSchemaIssues(page, "ListTasks", "1.0")).toEqual([]);
    expect(await resultSchemaIssues({ ...page, tasks: [{ id: "t" }] }, "ListTasks", "1.0")).toEqual([
      { path: "tasks[0].status", message: "tasks[0].status is required by the A2A 1.0.1 proto" },
    ]);
    expect(await resultSchemaIssues(page, "ListTasks", "0.3")).toBeUndefined();
  });

  it("judges 0.3 push config results, a list item by item", async () => {
    const config = { taskId: "t", pushNotificationConfig: { url: "https://hook.example" } };
    expect(await resultSchemaIssues(config, "SetPushConfig", "0.3")).toEqual([]);
    expect(await resultSchemaIssues([config, { taskId: "t" }], "ListPushConfigs", "0.3")).toEqual([
      {
        path: "[1].pushNotificationConfig",
        message: "[1].pushNotificationConfig is required by the A2A 0.3.0 JSON schema",
      },
    ]);
    expect(await resultSchemaIssues(config, "ListPushConfigs", "0.3")).toEqual([
      { path: "", message: "the result is not an array (A2A 0.3.0 JSON schema)" },
    ]);
    expect(await resultSchemaIssues(config, "GetPushConfig", "0.1")).toBeUndefined();
  });
});

describe("replySchemaProblem", () => {
  const task = { kind: "task", id: "t", contextId: "c", status: { state: "completed" } };

  it("passes a conforming 0.3 Task and names the first member a 0.3 reply lacks", async () => {
    expect(await replySchemaProblem(task, "0.3")).toBeUndefined();
    const update = { kind: "status-update", taskId: "t", contextId: "c", status: { state: "working" } };
    expect(await replySchemaProblem(update, "0.3")).toMatch(
      /TaskStatusUpdateEvent that breaks the schema: final is required by the A2A 0\.3\.0 JSON schema/,
    );
    const message = { kind: "message", role: "agent", messageId: "m", parts: [{ kind: "text" }] };
    expect(await replySchemaProblem(message, "0.3")).toMatch(/parts\[0\]\.text is required/);
  });

  it("leaves out what another check owns, and judges nothing without a schema or a kind", async () => {
    const { contextId: _c, ...bare } = task;
    expect(await replySchemaProblem(bare, "0.3", ["contextId"])).toBeUndefined();
    expect(await replySchemaProblem(bare, "0.3")).toMatch(/contextId is required/);
    expect(await replySchemaProblem({ id: "t" }, "0.3")).toBeUndefined();
    // A 1.0 reply carries no kind: its shape is judged by lifecycle.wire-format's rules.
    expect(await replySchemaProblem(task, "1.0")).toBeUndefined();
  });
});
