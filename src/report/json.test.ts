import { describe, expect, it } from "vitest";
import { smokeRun } from "./testing/fixtures.js";
import { renderJson } from "./json.js";

describe("the result JSON", () => {
  it("escapes C1 controls and bidirectional overrides from an agent's text, and reads back the same", () => {
    const text = "ok\u0085\u009b31m \u202eevil\u202c \u2066x\u2069 é";
    const result = { ...smokeRun, reason: text };
    const json = renderJson([result]);
    expect(json).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(json).toContain("\\u0085\\u009b31m \\u202eevil\\u202c \\u2066x\\u2069 é");
    expect((JSON.parse(json) as { reason: string }).reason).toBe(text);
  });
});
