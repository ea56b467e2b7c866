import { describe, expect, it } from "vitest";
import { Run } from "./run.js";

describe("a secret too short to redact from text", () => {
  it("is said once in the result's warnings and leaves ordinary words whole", () => {
    const run = new Run({
      kind: "a2a",
      agentUrl: "http://127.0.0.1:9/",
      secrets: ["x", "long-enough-secret"],
    });
    const closed = run.finish("failed", "the task has no contextId");
    expect(closed.reason).toBe("the task has no contextId");
    expect(closed.warnings.filter((w) => w.includes("shorter than 8 characters"))).toHaveLength(1);
  });
});
