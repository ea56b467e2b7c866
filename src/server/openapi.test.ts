import { describe, expect, it } from "vitest";
import { transports } from "../model/transport.js";
import { openApiDocument } from "./openapi.js";

/** The value at a path of keys in the document, or undefined. */
function at(...path: string[]): unknown {
  let value: unknown = openApiDocument;
  for (const key of path)
    value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}
const request = (path: string, method: string, ...rest: string[]) =>
  at("paths", path, method, "requestBody", "content", "application/json", "schema", ...rest);

describe("the OpenAPI document", () => {
  it("describes request bodies with the zod schemas that validate them", () => {
    expect(request("/api/inspect/chat", "post", "properties", "transport", "enum")).toEqual([...transports]);
    expect(request("/api/projects", "post")).toMatchObject({
      required: ["name"],
      properties: { name: { type: "string", minLength: 1, maxLength: 200 } },
    });
    const config = ["components", "schemas", "TestConfig", "properties"];
    expect(at(...config, "timeout_s")).toMatchObject({ minimum: 1, maximum: 300 });
    expect(at(...config, "transports", "items", "enum")).toEqual(["jsonrpc", "rest", "grpc"]);
  });

  it("requires module_id in a test sent to the API, as the route does", () => {
    expect(at("components", "schemas", "TestDefinition", "required")).toContain("module_id");
  });

  it("documents the board's edits and run cancel with their errors", () => {
    expect(at("paths", "/api/projects/{id}", "patch", "responses", "409")).toBeDefined();
    expect(at("paths", "/api/projects/{id}", "delete", "responses", "204")).toBeDefined();
    expect(at("paths", "/api/modules/{id}", "patch", "responses", "409")).toBeDefined();
    expect(at("paths", "/api/modules/{id}", "delete", "responses", "404")).toBeDefined();
    expect(at("paths", "/api/tests/{id}", "patch", "responses", "400")).toBeDefined();
    expect(at("paths", "/api/runs/{id}/cancel", "post", "responses", "409")).toBeDefined();
    expect(at("components", "schemas", "RunStatus", "enum")).toContain("canceled");
  });
});
