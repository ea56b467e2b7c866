import { describe, expect, it } from "vitest";
import { terminalSafe, terminalText } from "./terminal-text.js";

describe("terminalText", () => {
  it("writes escape sequences, carriage returns and other controls as visible escapes", () => {
    expect(terminalText("\u001b]0;title\u0007 \u001b[2J")).toBe("\\x1b]0;title\\x07 \\x1b[2J");
    expect(terminalText("ok\rPASSED\u0000\u007f\u009b")).toBe("ok\\x0dPASSED\\x00\\x7f\\x9b");
    expect(terminalText("abc\u202edef")).toBe("abc\\u202edef");
  });

  it("keeps ordinary text, newlines and tabs", () => {
    expect(terminalText("Refund: 5 days.\n\tThanks — ✓ ünïcode")).toBe(
      "Refund: 5 days.\n\tThanks — ✓ ünïcode",
    );
  });
});

describe("terminalSafe", () => {
  it("escapes every string in nested objects and arrays and leaves other values", () => {
    const value = { name: "\u001b[2J", n: 1, ok: true, none: null, list: ["\u0007", { deep: "\u001b" }] };
    expect(terminalSafe(value)).toEqual({
      name: "\\x1b[2J",
      n: 1,
      ok: true,
      none: null,
      list: ["\\x07", { deep: "\\x1b" }],
    });
  });
});
