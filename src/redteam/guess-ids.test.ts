import { describe, expect, it } from "vitest";
import { neighbourIds } from "./guess-ids.js";

describe("the ids a caller could guess from its own", () => {
  it("counts the last number up and down, nearest first", () => {
    expect(neighbourIds("task-41")).toEqual(["task-40", "task-42", "task-39", "task-43"]);
  });

  it("keeps the zero padding and what follows the number", () => {
    expect(neighbourIds("t0010-x", 1)).toEqual(["t0009-x", "t0011-x"]);
  });

  it("never goes below zero", () => {
    expect(neighbourIds("7:0", 2)).toEqual(["7:1", "7:2"]);
  });

  it("counts numbers too long for a double exactly", () => {
    expect(neighbourIds("99999999999999999999", 1)).toEqual([
      "99999999999999999998",
      "100000000000000000000",
    ]);
  });

  it("has nothing to count from in an id without digits", () => {
    expect(neighbourIds("abcdef")).toEqual([]);
  });
});
