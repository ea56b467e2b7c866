import { describe, expect, it } from "vitest";
import { newMessageId } from "./message-id.js";

describe("newMessageId", () => {
  it("never repeats within a process, and keeps the UUID form", () => {
    const ids = Array.from({ length: 10_000 }, () => newMessageId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 50))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
