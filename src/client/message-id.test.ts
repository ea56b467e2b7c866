import { describe, expect, it } from "vitest";
import { newMessageId, repeatedMessageJson, withFreshMessageIds } from "./message-id.js";

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

describe("withFreshMessageIds", () => {
  it("makes the same JSON each time with a new message id where the slot stood", () => {
    const slot = newMessageId();
    const params = {
      message: { messageId: slot, role: "ROLE_USER", parts: [{ text: 'say "hi" \u2028 ✓' }] },
    };
    const make = withFreshMessageIds(params, slot);
    if (!make) throw new Error("expected a maker");
    const [first, second] = [JSON.parse(make()) as typeof params, JSON.parse(make()) as typeof params];
    expect(first.message.messageId).not.toBe(slot);
    expect(second.message.messageId).not.toBe(first.message.messageId);
    expect({ ...first, message: { ...first.message, messageId: slot } }).toEqual(params);
  });

  it("declines when the slot is not there exactly once, as a whole string", () => {
    const slot = newMessageId();
    expect(withFreshMessageIds({ messageId: "other" }, slot)).toBeUndefined();
    expect(withFreshMessageIds({ messageId: slot, parts: [{ text: slot }] }, slot)).toBeUndefined();
    // Inside a longer string it is not the id's slot: the text keeps it, the id changes.
    const make = withFreshMessageIds({ messageId: slot, parts: [{ text: `about ${slot}` }] }, slot);
    expect(JSON.parse(make?.() ?? "null")).toMatchObject({ parts: [{ text: `about ${slot}` }] });
  });
});

describe("repeatedMessageJson", () => {
  it("builds the request once around a slot and makes it anew with a fresh id each time", () => {
    let builds = 0;
    const make = repeatedMessageJson((messageId) => {
      builds += 1;
      return { message: { messageId, parts: [{ text: "hi" }] } };
    });
    const ids = [make?.(), make?.()].map(
      (json) => (JSON.parse(json ?? "{}") as { message: { messageId: string } }).message.messageId,
    );
    expect(builds).toBe(1);
    expect(new Set(ids).size).toBe(2);
  });

  it("declines what does not serialise, so each send fails the way a plain send does", () => {
    expect(repeatedMessageJson((messageId) => ({ messageId, metadata: { n: 1n } }))).toBeUndefined();
  });
});
