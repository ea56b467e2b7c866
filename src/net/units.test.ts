import { describe, expect, it } from "vitest";
import { formatBytes, formatSeconds } from "./units.js";

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
});
