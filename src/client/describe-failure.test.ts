import { describe, expect, it } from "vitest";
import { decodeRestError } from "./rest/errors.js";
import { describeFailure, errorCalled } from "./describe-failure.js";

describe("an error as a finding names it", () => {
  it("names an A2A error with its code", () => {
    expect(errorCalled({ code: -32001, name: "TaskNotFound", message: "gone" })).toBe(
      "TaskNotFound (-32001)",
    );
  });

  it("says what a missing route's 404 page was, never 'HTTP 404 (0)'", () => {
    const page = decodeRestError(
      404,
      "text/html",
      "<pre>Cannot GET /v1/v1/tasks/x</pre>",
      "http://a/v1/v1/tasks/x",
    );
    expect(errorCalled(page)).toMatch(
      /^HTTP 404 with text\/html body that names no A2A error: ".*Cannot GET/,
    );
    expect(describeFailure({ ok: false, kind: "error", error: page, trafficIds: [] })).not.toContain("(0)");
  });

  it("quotes a JSON body's own words when it names no A2A error", () => {
    const said = decodeRestError(
      404,
      "application/json",
      '{"error":"Task not found"}',
      "http://a/v1/tasks/x",
    );
    expect(errorCalled(said)).toBe('HTTP 404 "Task not found", which names no A2A error');
  });
});
