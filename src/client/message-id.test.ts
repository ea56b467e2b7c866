import { describe, expect, it } from "vitest";
import { newMessageId } from "./message-id.js";

describe("newMessageId", () => {
  it("never repeats within a process, and keeps the UUID form", () => {
    // More than 4096: the counter's last three digits come from a table, the rest are made as it rolls over.
    const ids = Array.from({ length: 20_000 }, () => newMessageId());
    expect(new Set(ids).size).toBe(ids.length);
    const counters = ids.map((id) => Number.parseInt(id.slice(24), 16));
    expect(counters.every((n, i) => i === 0 || n === (counters[i - 1] as number) + 1)).toBe(true);
    for (const id of ids.slice(0, 50))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
