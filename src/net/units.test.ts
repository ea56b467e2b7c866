import { describe, expect, it } from "vitest";
import { formatBytes, formatDuration, formatSeconds } from "./units.js";

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
