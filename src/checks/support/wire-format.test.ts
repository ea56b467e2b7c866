import { describe, expect, it } from "vitest";
import { streamEventProblems } from "./wire-format.js";

const ids = { taskId: "t1", contextId: "c1" };
const working = { state: "TASK_STATE_WORKING", timestamp: "2026-01-01T00:00:00.000Z" };

describe("a 1.0 stream event on the JSON wire", () => {
  it.each([
    ["a Task", { task: { id: "t1", contextId: "c1", status: working } }],
    ["a status update", { statusUpdate: { ...ids, status: working } }],
    [
      "an artifact update",
      { artifactUpdate: { ...ids, artifact: { artifactId: "a1", parts: [{ text: "hi" }] } } },
    ],
    ["an agent Message", { message: { messageId: "m1", role: "ROLE_AGENT", parts: [{ text: "hi" }] } }],
    [
      "free-form metadata with its own keys",
      { statusUpdate: { ...ids, status: working, metadata: { my_key: 1 } } },
    ],
  ])("keeps the rules as %s in its StreamResponse member", (_what, event) => {
    expect(streamEventProblems(event, "e")).toEqual([]);
  });

  it.each([
    [
      "a 0.3 object told apart by kind",
      { kind: "status-update", ...ids, status: working },
      'e: a StreamResponse holds none of task, message, statusUpdate, artifactUpdate (exactly one) (a 0.3-style object of kind "status-update")',
    ],
    [
      "two members at once",
      { task: { id: "t1", status: working }, statusUpdate: { ...ids, status: working } },
      "e: a StreamResponse holds task and statusUpdate of task, message, statusUpdate, artifactUpdate (exactly one)",
    ],
    [
      "a state spelt as 0.3 spelt it",
      { statusUpdate: { ...ids, status: { state: "completed" } } },
      'e.statusUpdate.status.state: "completed" is not a TaskState enum name',
    ],
    [
      "a snake_case field name",
      { statusUpdate: { task_id: "t1", contextId: "c1", status: working } },
      "e.statusUpdate.task_id: field name is not camelCase",
    ],
    [
      "a timestamp with an offset",
      { statusUpdate: { ...ids, status: { ...working, timestamp: "2026-01-01T00:00:00+00:00" } } },
      'e.statusUpdate.status.timestamp: "2026-01-01T00:00:00+00:00" is not an ISO 8601 UTC time ending in Z',
    ],
    [
      "a Task's message role spelt as 0.3 spelt it",
      {
        task: {
          id: "t1",
          status: { ...working, message: { messageId: "m1", role: "agent", parts: [{ text: "hi" }] } },
        },
      },
      'e.task.status.message.role: "agent" is not ROLE_USER or ROLE_AGENT',
    ],
    [
      "an artifact part with two content members",
      { artifactUpdate: { ...ids, artifact: { artifactId: "a1", parts: [{ text: "hi", data: {} }] } } },
      "e.artifactUpdate.artifact.parts[0]: a Part holds text and data of text, raw, url, data (exactly one)",
    ],
  ])("breaks them with %s", (_what, event, problem) => {
    expect(streamEventProblems(event, "e")).toEqual([problem]);
  });

  it("leaves an update's ids and its artifact's required fields to streaming.events-well-formed", () => {
    expect(streamEventProblems({ artifactUpdate: { artifact: { parts: [] } } }, "e")).toEqual([]);
  });
});
