import { describe, expect, it } from "vitest";
import { reportedPaths, resultSchemaProblems } from "./result-schema.js";

describe("reportedPaths", () => {
  it("reads the paths inside a result from hand rules' messages of its label", () => {
    const problems = [
      "GetTask.status.state: TASK_STATE_X is not a TaskState enum name",
      "GetTask.history[0].messageId: missing",
      "GetTask: not an object",
      "ListTasks.tasks[0].id: missing",
    ];
    expect(reportedPaths(problems, "GetTask")).toEqual(["status.state", "history[0].messageId", ""]);
  });
});

describe("resultSchemaProblems", () => {
  const task = { id: "t", contextId: "c", status: { state: "TASK_STATE_WORKING" } };

  it("names the operation and leaves out what another check owns, and what lies under it", async () => {
    const broken = { history: [{ role: "ROLE_USER", parts: [{ text: "hi" }] }], status: {} };
    expect(await resultSchemaProblems(broken, "CancelTask", "1.0")).toEqual([
      "CancelTask: id is required by the A2A 1.0.1 proto",
      "CancelTask: status.state is required by the A2A 1.0.1 proto",
      "CancelTask: history[0].messageId is required by the A2A 1.0.1 proto",
    ]);
    expect(await resultSchemaProblems(broken, "CancelTask", "1.0", ["id", "history"])).toEqual([
      "CancelTask: status.state is required by the A2A 1.0.1 proto",
    ]);
    expect(await resultSchemaProblems(broken, "CancelTask", "1.0", [""])).toEqual([]);
  });

  it("finds nothing in a conforming result, and has nothing to say without a schema", async () => {
    expect(await resultSchemaProblems(task, "GetTask", "1.0")).toEqual([]);
    expect(await resultSchemaProblems(task, "ListTasks", "0.3")).toBeUndefined();
  });
});
