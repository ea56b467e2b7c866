import { describe, expect, it } from "vitest";
import { visible } from "./visible.js";

describe("visible", () => {
  it("escapes control bytes, zero-width characters and the byte-order mark", () => {
    expect(visible("\u0001{}\u001b[31m\u0000")).toBe("\\x01{}\\x1b[31m\\x00");
    expect(visible("a\u200bb\ufeff\u2028")).toBe("a\\u200bb\\ufeff\\u2028");
  });

  it("keeps ordinary text, tabs and line ends unless asked for one line", () => {
    expect(visible("héllo\tworld\n")).toBe("héllo\tworld\n");
    expect(visible("a\r\nb", { oneLine: true })).toBe("a\\r\\nb");
  });

  it("cuts long text before escaping, marking the cut", () => {
    expect(visible("\u0001abcdef", { max: 3 })).toBe("\\x01ab…");
  });
});
