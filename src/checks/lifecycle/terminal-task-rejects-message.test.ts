import { describe, expect, it } from "vitest";
import { before0_2_4 } from "./terminal-task-rejects-message.js";

describe("a message to a finished task, on a 0.2 agent", () => {
  it("is not required to be refused before 0.2.4, or when the card names no version (0.2.0 to 0.2.4)", () => {
    expect(before0_2_4(null)).toMatch(/0\.2\.4 §7\.1 added/);
    expect(before0_2_4("0.2.3")).toMatch(/names A2A 0\.2\.3/);
  });

  it("is required to be refused from 0.2.4 on", () => {
    expect(before0_2_4("0.2.4")).toBeUndefined();
    expect(before0_2_4("0.2.6")).toBeUndefined();
  });
});
