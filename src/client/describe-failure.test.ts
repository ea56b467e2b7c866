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

  it("gives a code no spec names as the agent's own, with its words, never 'Error -10011 (-10011)'", () => {
    const own = { code: -10011, name: "Error -10011", message: "Task not found" };
    expect(errorCalled(own)).toBe('error -10011 "Task not found", a code of the agent\'s own');
    expect(describeFailure({ ok: false, kind: "error", error: own, trafficIds: [] })).toBe(
      'error -10011 "Task not found", a code of the agent\'s own',
    );
  });
});
