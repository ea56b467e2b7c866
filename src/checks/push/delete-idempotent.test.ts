import { describe, expect, it } from "vitest";
import { saysNotFound } from "./delete-idempotent.js";

describe("a repeated delete that reports the config missing", () => {
  it("counts as the same effect when a client-error code says not found (the code is another check's verdict)", () => {
    // Mastra 1.71 on A2A 1.0: the second delete of a config is refused -32602 "Push notification config not found".
    expect(
      saysNotFound({
        code: -32602,
        name: "InvalidParams",
        message: "Push notification config not found: c1",
      }),
    ).toBe(true);
    expect(
      saysNotFound({ code: -32001, name: "TaskNotFound", message: "no such config", httpStatus: 404 }),
    ).toBe(true);
    expect(
      saysNotFound({
        code: -32001,
        name: "TaskNotFound",
        message: "config c1 does not exist",
        grpcStatus: "NOT_FOUND",
      }),
    ).toBe(true);
  });

  it("never counts a server fault, whatever its message says", () => {
    expect(saysNotFound({ code: -32603, name: "InternalError", message: "config not found" })).toBe(false);
    expect(saysNotFound({ code: -32603, name: "InternalError", message: "not found", httpStatus: 500 })).toBe(
      false,
    );
    expect(
      saysNotFound({ code: -32603, name: "InternalError", message: "not found", grpcStatus: "INTERNAL" }),
    ).toBe(false);
  });

  it("never counts a refusal that does not say the config is missing", () => {
    expect(saysNotFound({ code: -32602, name: "InvalidParams", message: "config id must be a string" })).toBe(
      false,
    );
  });
});
