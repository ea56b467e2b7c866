import { describe, expect, it } from "vitest";
import { eventCount, unparsedOnly } from "./stream-evidence.js";

const bad = 'event 1: its data line "\\x01{}" is not JSON (Unexpected token)';

describe("stream evidence", () => {
  it("says events arrived but none parsed, never that there was no event", () => {
    expect(unparsedOnly({ events: [], invalidEvents: [bad, bad, bad] })).toBe(
      `3 events arrived but none parsed: ${bad}`,
    );
    expect(eventCount({ events: [], invalidEvents: [bad] })).toBe(
      `0 events (and 1 that did not parse: ${bad})`,
    );
  });

  it("stays silent when nothing arrived or something parsed", () => {
    expect(unparsedOnly({ events: [], invalidEvents: [] })).toBeUndefined();
    expect(eventCount({ events: [], invalidEvents: [] })).toBe("0 events");
  });
});
