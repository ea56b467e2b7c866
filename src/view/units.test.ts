import { describe, expect, it } from "vitest";
import { formatBytes, formatDuration, formatLocalTime, formatSeconds } from "./units.js";

describe("units", () => {
  it("names byte caps in KB and MB", () => {
    expect(formatBytes(512 * 1024)).toBe("512 KB");
    expect(formatBytes(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatBytes(10_000)).toBe("9.8 KB");
    expect(formatBytes(900)).toBe("900 bytes");
  });

  it("names durations in seconds", () => {
    expect(formatSeconds(20_000)).toBe("20 s");
    expect(formatSeconds(800)).toBe("0.8 s");
  });

  it("names run durations the way a person reads them", () => {
    expect(formatDuration(0)).toBe("0 ms");
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(1234)).toBe("1.2 s");
    expect(formatDuration(9999)).toBe("9.9 s");
    expect(formatDuration(42_700)).toBe("42 s");
    expect(formatDuration(181_394)).toBe("3 m 01 s");
    expect(formatDuration(3_900_000)).toBe("1 h 05 m");
    expect(formatDuration(Number.NaN)).toBe("0 ms");
  });
});

describe("formatLocalTime", () => {
  it("shows an instant in a given offset with the zone, and leaves text that is no date alone", () => {
    expect(formatLocalTime("2026-12-04T03:15:02.123Z", 60)).toBe("2026-12-04 04:15:02 UTC+01:00");
    expect(formatLocalTime("2026-12-04T03:15:02Z", -330)).toBe("2026-12-03 21:45:02 UTC-05:30");
    expect(formatLocalTime("2026-12-04T03:15:02Z", 0)).toBe("2026-12-04 03:15:02 UTC+00:00");
    expect(formatLocalTime("not a date")).toBe("not a date");
  });

  it("uses this machine's zone by default", () => {
    expect(formatLocalTime("2026-12-04T03:15:02Z")).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC[+-]\d\d:\d\d$/,
    );
  });
});
